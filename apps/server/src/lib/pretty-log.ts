// The log for a person at a terminal: one short line per entry (local time, the level when it is
// not info, the message, then its fields), where the JSON lines a log collector reads carry epoch
// times, the pid and the host on every line. Read by server.ts when LOG_FORMAT=pretty, or when
// stdout is a terminal and LOG_FORMAT is not set.
import type { Writable } from 'node:stream';

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
/** Fields every line has, shown otherwise (the time) or of no use to a reader at the terminal. */
const SKIP = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'err']);

interface Entry {
  level?: number;
  time?: number;
  msg?: string;
  err?: { message?: string; stack?: string };
  [field: string]: unknown;
}

const two = (n: number) => String(n).padStart(2, '0');

function clock(time: number | undefined): string {
  const d = time === undefined ? new Date() : new Date(time);
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** One JSON log line as a person reads it; a line that is not JSON is kept as it is. */
export function prettyLine(line: string): string {
  let entry: Entry;
  try {
    entry = JSON.parse(line) as Entry;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const msg = entry.msg ?? '';
  const parts = [clock(entry.time)];
  const level = LEVELS[entry.level ?? 30];
  if (level) parts.push(level);
  if (msg) parts.push(msg);
  for (const [key, value] of Object.entries(entry)) {
    if (SKIP.has(key) || value === undefined) continue;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    // A field the message already spells out (the port of "serving http://localhost:8080").
    if (msg.includes(text)) continue;
    parts.push(`${key}=${text}`);
  }
  let out = parts.join('  ');
  if (entry.err) {
    const { message, stack } = entry.err;
    out += `\n  ${(entry.level ?? 30) >= 50 && stack ? stack.replace(/\n/g, '\n  ') : (message ?? '')}`;
  }
  return `${out}\n`;
}

/** A destination for pino that writes each entry to `out` as prettyLine makes it. */
export function prettyStream(out: Writable): { write(line: string): void } {
  return {
    write(line: string) {
      out.write(prettyLine(line));
    },
  };
}
