// The command `npm start` prints while the console has no operator: one line that runs as printed
// from the project's folder and reaches the database this server uses.
import path from 'node:path';
import type { AppConfig } from '../config.ts';

/** The folder `npm run` runs the project's scripts in (the repository's root). */
const PROJECT = path.resolve(import.meta.dirname, '../../../..');

/** A word for a POSIX shell: as it is when plain, else in single quotes. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * `npm run operator -- add …`, preceded by the DATA_DIR or SQLite file of `config` when the
 * command's defaults (resolved in the project's folder) would not find it. A PostgreSQL URL holds
 * a password: it is not printed (the command reads DATABASE_URL from its shell, as the server).
 */
export function operatorHint(config: AppConfig, username = 'admin'): string {
  const command = `npm run operator -- add --username ${shellWord(username)} --role owner`;
  const dataDir = path.join(PROJECT, 'data');
  const env: string[] = [];
  if (config.dataDir !== dataDir) env.push(`DATA_DIR=${shellWord(config.dataDir)}`);
  const db = config.database;
  if (db.kind === 'sqlite' && db.file !== path.join(config.dataDir, 'kaijiang.sqlite')) {
    env.push(`DATABASE_URL=${shellWord(`sqlite:${db.file}`)}`);
  }
  return [...env, command].join(' ');
}
