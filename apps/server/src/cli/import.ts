// Loads real draw history from CSV into the database the server uses (same env: DATA_DIR or
// DATABASE_URL). Every row is checked first; one bad row and nothing is imported.
//   node apps/server/src/cli/import.ts --game 110 --file history.csv [--update]
import fs from 'node:fs/promises';
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { parseDrawsCsv } from '../draws/csv.ts';
import { storeResults } from '../draws/results.ts';
import { createChangeFeed } from '../lib/change-feed.ts';
import { createRepositories } from '../repositories/index.ts';

const USAGE = `用法 / usage:
  node apps/server/src/cli/import.ts --game <id> --file <history.csv> [--update]

CSV 列 / columns: issue,date,n1,n2,n3,n4,n5,n6,special   (表头可选 / header optional)
  date: ISO (2026-01-02T13:32:00Z) 或 / or YYYY-MM-DD[ HH:mm] (游戏所在时区 / game's time zone)
已存在的期号默认跳过；--update 则覆盖（每期原结果记入审计日志）/ existing issues are skipped;
--update overwrites them (each replaced result goes to the audit log). 未到开奖时间的期不能导入 /
draws whose time has not come are refused.`;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

let args: { game?: string; file?: string; update?: boolean; help?: boolean };
try {
  args = parseArgs({
    options: {
      game: { type: 'string', short: 'g' },
      file: { type: 'string', short: 'f' },
      update: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  }).values;
} catch (err) {
  fail(`${(err as Error).message}\n\n${USAGE}`, 2);
}
if (args.help) {
  console.info(USAGE);
  process.exit(0);
}
const gameId = Number(args.game);
if (!args.game || !Number.isInteger(gameId) || gameId < 1) {
  fail(`缺少或无效的 --game / missing or invalid --game\n\n${USAGE}`, 2);
}
if (!args.file) fail(`缺少 --file / missing --file\n\n${USAGE}`, 2);

let text: string;
try {
  text = await fs.readFile(args.file, 'utf8');
} catch (err) {
  fail(`无法读取文件 / cannot read ${args.file}: ${(err as Error).message}`);
}

let config;
try {
  config = loadConfig(process.env);
} catch (err) {
  if (err instanceof ConfigError) fail(err.message);
  throw err;
}

const database = openDatabase(config.database);
try {
  await migrateToLatest(database.db, database.dialect);
  const repos = createRepositories(database.db, createChangeFeed());
  const game = await repos.games.get(gameId);
  if (!game) fail(`游戏 ${gameId} 不存在 / game ${gameId} does not exist`);

  const parsed = parseDrawsCsv(text, game);
  if (!parsed.ok) {
    for (const p of parsed.problems.slice(0, 50))
      console.error(`第 ${p.line} 行 / line ${p.line}: ${p.message}`);
    if (parsed.problems.length > 50)
      console.error(`… 共 ${parsed.problems.length} 处错误 / errors in total`);
    fail('未导入任何数据 / nothing was imported');
  }
  if (parsed.draws.length === 0) fail('文件中没有数据行 / the file has no rows');

  // Each draw replaced is in the audit log (draws.result.import) with what it was.
  const counts = await storeResults({ repos }, gameId, parsed.draws, {
    change: 'import',
    writer: { kind: 'cli', name: userInfo().username },
    onExisting: args.update ? 'update' : 'skip',
  });
  console.info(
    `导入完成 / imported: 新增 inserted ${counts.inserted}, 更新 updated ${counts.updated}, ` +
      `跳过 skipped ${counts.skipped}` +
      (counts.skipped > 0
        ? ' (已存在的期号；用 --update 覆盖 / existing issues; --update overwrites)'
        : ''),
  );
} finally {
  await database.close();
}
