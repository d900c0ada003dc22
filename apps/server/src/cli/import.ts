// Loads draw history into the database the server uses (same env: DATA_DIR or DATABASE_URL),
// without a running server. Every item is checked first; one bad item and nothing is imported.
// The same import runs through the admin API with `admin.ts import` (caches then follow at once).
//   npm run import -- --game 111 --format hkjc draws.json [--replace]
import fs from 'node:fs/promises';
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { applyHistory } from '../services/draws/history/apply.ts';
import {
  HISTORY_FORMATS,
  parseHistory,
  type HistoryFormat,
} from '../services/draws/history/formats.ts';
import { outcomeLines } from '../services/draws/history/report.ts';
import { createChangeFeed } from '../lib/change-feed.ts';
import { createRepositories } from '../repositories/index.ts';

const USAGE = `用法 / usage:
  npm run import -- --game <id> [--format csv|hkjc|macaujc] <文件 / FILE> [--replace]
  (--file <FILE> 亦可 / also accepted)

格式 / formats:
  csv      本站导出的列 / our export: issue,date,n1,n2,n3,n4,n5,n6,special（表头可选 / header optional）
           date: ISO (2026-01-02T13:32:00Z) 或 / or YYYY-MM-DD[ HH:mm]（游戏所在时区 / game's time zone）
  hkjc     马会开奖结果接口的应答 / the Jockey Club results answer {data:{lotteryDraws:[…]}}（含派彩 / with prizes）
  macaujc  澳门接口的年度数据 / the Macau feed's year {code:200,data:[{expect,openTime,openCode,…}]}
已存在且结果相同的期跳过（可重复导入）；与已存结果矛盾时整份文件被拒绝，--replace 覆盖并记入审计日志。
Existing identical draws are left alone (idempotent); a file contradicting stored results is
refused as a whole unless --replace (audited).`;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      game: { type: 'string', short: 'g' },
      file: { type: 'string', short: 'f' },
      format: { type: 'string' },
      replace: { type: 'boolean' },
      // The older name of --replace.
      update: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
} catch (err) {
  fail(`${(err as Error).message}\n\n${USAGE}`, 2);
}
const args = parsed.values;
if (args.help) {
  console.info(USAGE);
  process.exit(0);
}
const gameId = Number(args.game);
if (!args.game || !Number.isInteger(gameId) || gameId < 1) {
  fail(`缺少或无效的 --game / missing or invalid --game\n\n${USAGE}`, 2);
}
const file = args.file ?? parsed.positionals[0];
if (!file) fail(`缺少文件 / missing FILE\n\n${USAGE}`, 2);
const format = (args.format ?? 'csv') as HistoryFormat;
if (!HISTORY_FORMATS.includes(format)) fail(`未知格式 / unknown --format ${format}\n\n${USAGE}`, 2);
const replace = !!(args.replace || args.update);

let text: string;
try {
  text = await fs.readFile(file, 'utf8');
} catch (err) {
  fail(`无法读取文件 / cannot read ${file}: ${(err as Error).message}`);
}

let config;
try {
  config = loadConfig(process.env);
} catch (err) {
  if (err instanceof ConfigError) fail(err.message);
  throw err;
}

const database = openDatabase(config.database);
let exitCode = 0;
try {
  await migrateToLatest(database.db, database.dialect);
  const repos = createRepositories(database.db, createChangeFeed());
  const game = await repos.games.get(gameId);
  if (!game) fail(`游戏 ${gameId} 不存在 / game ${gameId} does not exist`);

  const started = performance.now();
  const history = parseHistory(format, text, game, Date.now());
  if (!history.ok) {
    const where = (n: number) =>
      format === 'csv' ? `第 ${n} 行 / line ${n}` : `第 ${n} 项 / item ${n}`;
    for (const p of history.problems.slice(0, 50)) console.error(`${where(p.line)}: ${p.message}`);
    if (history.problems.length > 50)
      console.error(`… 共 ${history.problems.length} 处错误 / errors in total`);
    fail('未导入任何数据 / nothing was imported');
  }
  if (history.draws.length === 0) fail('文件中没有数据 / the file has no draws');

  const now = new Date().toISOString();
  const outcome = await applyHistory(repos, game, history.draws, {
    replace,
    now,
    // Each draw replaced is in the audit log (draws.result.import) with what it was.
    writer: { kind: 'cli', name: userInfo().username },
  });
  if (outcome.replaced > 0 || outcome.added > 0) {
    await repos.audit.add({
      at: now,
      operatorId: null,
      actor: 'cli',
      address: 'local',
      action: 'draws.import',
      target: JSON.stringify({ gameId, format, file }),
      before: outcome.replaced > 0 ? JSON.stringify(outcome.contradictions).slice(0, 8_000) : null,
      after: JSON.stringify({ added: outcome.added, replaced: outcome.replaced }),
    });
  }
  for (const line of outcomeLines(outcome, replace)) console.info(line);
  console.info(`用时 / took ${Math.round(performance.now() - started)} ms`);
  if (outcome.refused > 0) exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
