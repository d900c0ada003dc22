// Operator commands against a running server's admin API (needs ADMIN_TOKEN on both sides).
//   npm run admin -- ball --game 110 --number 07 [--issue 2026325]
//   npm run admin -- source --game 110 [--source manual|simulator|upstream
//        [--upstream-url https://other.example.com] [--upstream-game 110]]
//   npm run admin -- sources --game 111 --kind hkjc [--url …] [--remote …]
//        [--kind macaujc --url … --remote macaujc2] [--grace 60] [--late 120]
//   npm run admin -- prizes --game 111 --issue 2026120 --file record.json
//   npm run admin -- calendar --game 111 [--date 2026-12-05 (--kind moved
//        --at 2026-12-06T21:30+08:00 | --kind skipped | --kind added --at …) --note 赛马日改期
//        | --date 2026-12-05 --remove]
//   npm run admin -- import --game 111 --format hkjc|macaujc|csv FILE [--replace]
//   npm run admin -- chat-role --member 42 --role moderator|member
//   npm run admin -- blocked-words [--add 刷单 | --delete 刷单]
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

const USAGE = `用法 / usage:
  npm run admin -- ball --game <id> --number <01-49> [--issue <期号>]
  npm run admin -- source --game <id>                      (查看 / show)
  npm run admin -- source --game <id> --source manual|simulator|upstream
        [--upstream-url <http(s)://host>] [--upstream-game <id>]
  npm run admin -- sources --game <id>                     (查看来源 / show feeds)
  npm run admin -- sources --game <id> --kind hkjc|macaujc|kaijiang|simulator|manual
        [--url <来源地址>] [--remote <远端名, e.g. macaujc2>] [--kind … (备用 / backup, in order)]
        [--grace <秒>] [--late <秒>]   (此命令的服务器地址用 --server / server address: --server)
  npm run admin -- prizes --game 111 --issue <期号> --file <record.json | ->
        (派彩记录 JSON / prize record JSON: divisions, turnover, jackpot, snowball)
  npm run admin -- import --game <id> --format hkjc|macaujc|csv <文件 FILE> [--replace]
        (导入历史开奖；可重复导入；与已存结果矛盾时拒绝，--replace 覆盖并记入审计日志
         / import history; idempotent; refuses contradictions unless --replace, audited)
  npm run admin -- calendar --game <id>                    (查看例外 / list)
  npm run admin -- calendar --game <id> --date <YYYY-MM-DD>
        --kind moved|skipped|added [--at <ISO 时间含时区, e.g. 2026-12-06T21:30+08:00>] --note <说明>
  npm run admin -- calendar --game <id> --date <YYYY-MM-DD> --remove
  npm run admin -- chat-role --member <会员 id> --role moderator|member
        (聊天室管理员 / chat moderator)
  npm run admin -- blocked-words [--add <词> | --delete <词>]
        (聊天屏蔽词 / chat blocked words)
通用 / common: [--url http://127.0.0.1:8080] [--token <ADMIN_TOKEN>]（默认读取环境变量 / default: env ADMIN_TOKEN）`;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    tokens: true,
    options: {
      game: { type: 'string', short: 'g' },
      number: { type: 'string', short: 'n' },
      issue: { type: 'string' },
      source: { type: 'string' },
      'upstream-url': { type: 'string' },
      'upstream-game': { type: 'string' },
      file: { type: 'string', short: 'f' },
      format: { type: 'string' },
      replace: { type: 'boolean' },
      date: { type: 'string' },
      kind: { type: 'string', multiple: true },
      remote: { type: 'string', multiple: true },
      grace: { type: 'string' },
      late: { type: 'string' },
      server: { type: 'string' },
      at: { type: 'string' },
      note: { type: 'string' },
      remove: { type: 'boolean' },
      member: { type: 'string' },
      role: { type: 'string' },
      add: { type: 'string' },
      delete: { type: 'string' },
      url: { type: 'string', multiple: true },
      token: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
} catch (err) {
  fail(`${(err as Error).message}\n\n${USAGE}`, 2);
}
const { values: a, positionals, tokens } = parsed;
const command = positionals[0];
if (a.help || !command) {
  console.info(USAGE);
  process.exit(a.help ? 0 : 2);
}

const token = a.token ?? process.env.ADMIN_TOKEN;
if (!token)
  fail(
    '缺少管理员令牌：设置 ADMIN_TOKEN 或使用 --token / missing admin token: set ADMIN_TOKEN or pass --token',
    2,
  );
// `sources` takes --url for its feeds' addresses; there the server is --server.
const serverUrl = a.server ?? (command === 'sources' ? undefined : a.url?.[0]);
const base = (serverUrl ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`).replace(/\/+$/, '');
// The chat's commands name no game; the others need one.
const CHAT_COMMANDS = new Set(['chat-role', 'blocked-words']);
const game = Number(a.game);
if (!CHAT_COMMANDS.has(command) && (!Number.isInteger(game) || game < 1))
  fail(`缺少或无效的 --game / missing or invalid --game\n\n${USAGE}`, 2);

async function call(method: string, path: string, body?: unknown): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`${base}/app-api/admin${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    fail(`无法连接服务器 / cannot reach ${base}: ${(err as Error).message}`);
  }
  const env = (await res.json().catch(() => null)) as {
    code?: string;
    msg?: string;
    data?: unknown;
  } | null;
  if (
    res.status === 404 &&
    env?.code === 'NOT_FOUND' &&
    !env.msg?.includes('游戏') &&
    !env.msg?.includes('期号') &&
    !env.msg?.includes('例外') &&
    !env.msg?.includes('会员') &&
    !env.msg?.includes('这个词')
  ) {
    fail(
      `管理接口未启用（服务器未设置 ADMIN_TOKEN？）/ admin API disabled (ADMIN_TOKEN unset on the server?)`,
    );
  }
  if (res.status === 401 || res.status === 403)
    fail(`令牌被拒绝 / token refused: ${env?.msg ?? res.status}`);
  if (!res.ok || env?.code !== 'OK') {
    const fields = env?.data && typeof env.data === 'object' ? ` ${JSON.stringify(env.data)}` : '';
    fail(`失败 / failed (HTTP ${res.status}): ${env?.msg ?? 'unknown error'}${fields}`);
  }
  return env.data;
}

if (command === 'ball') {
  if (!a.number) fail(`缺少 --number / missing --number\n\n${USAGE}`, 2);
  const snap = (await call('POST', `/draws/${game}/balls`, {
    number: a.number,
    ...(a.issue && { issue: a.issue }),
  })) as { issue: string; status: string; numbers: string[] };
  console.info(
    `第 ${snap.issue} 期 / issue ${snap.issue}: ${snap.numbers.join(' ')} (${snap.status})`,
  );
} else if (command === 'source') {
  const body = a.source
    ? {
        source: a.source,
        ...(a['upstream-url'] && { upstreamUrl: a['upstream-url'] }),
        ...(a['upstream-game'] && { upstreamGameId: Number(a['upstream-game']) }),
      }
    : undefined;
  const data = await call(body ? 'PUT' : 'GET', `/games/${game}/source`, body);
  console.info(JSON.stringify(data));
} else if (command === 'sources') {
  // Each --kind starts an entry; the --url and --remote after it are that entry's.
  const sources: { kind: string; url?: string; remote?: string }[] = [];
  for (const t of tokens ?? []) {
    if (t.kind !== 'option' || t.value === undefined) continue;
    if (t.name === 'kind') sources.push({ kind: t.value });
    else if ((t.name === 'url' || t.name === 'remote') && sources.length > 0)
      sources[sources.length - 1]![t.name] = t.value;
  }
  const body =
    sources.length > 0
      ? {
          sources,
          ...(a.grace && { graceS: Number(a.grace) }),
          ...(a.late && { lateS: Number(a.late) }),
        }
      : undefined;
  const data = (await call(body ? 'PUT' : 'GET', `/games/${game}/sources`, body)) as {
    settings?: { sources: unknown[]; graceS: number; lateS: number };
    removed?: number;
  };
  console.info(JSON.stringify(data));
} else if (command === 'prizes') {
  if (!a.issue) fail(`缺少 --issue / missing --issue\n\n${USAGE}`, 2);
  if (!a.file) fail(`缺少 --file / missing --file\n\n${USAGE}`, 2);
  let record: unknown;
  try {
    const text = a.file === '-' ? await readStdin() : await readFile(a.file, 'utf8');
    record = JSON.parse(text);
  } catch (err) {
    fail(`无法读取派彩记录 / cannot read the prize record: ${(err as Error).message}`, 2);
  }
  const saved = (await call(
    'PUT',
    `/draws/${game}/${encodeURIComponent(a.issue)}/prizes`,
    record,
  )) as { divisions: { division: number; winners: number; dividend: number | null }[] };
  const first = saved.divisions[0];
  console.info(
    `第 ${a.issue} 期派彩已保存 / prize record saved: ` +
      (first?.dividend
        ? `头奖 ${first.winners} 注 × ${first.dividend} HKD`
        : '头奖无人中 / no first-division winner'),
  );
} else if (command === 'import') {
  const file = a.file ?? positionals[1];
  if (!file) fail(`缺少文件 / missing FILE\n\n${USAGE}`, 2);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    fail(`无法读取文件 / cannot read ${file}: ${(err as Error).message}`, 2);
  }
  const r = (await call('POST', `/draws/${game}/import`, {
    format: a.format ?? 'csv',
    text,
    replace: !!a.replace,
  })) as {
    added: number;
    unchanged: number;
    replaced: number;
    refused: number;
    contradictions: { issue: string; stored: string[]; file: string[] }[];
    problems: { line: number; message: string }[];
  };
  for (const p of r.problems.slice(0, 50))
    console.error(`第 ${p.line} 项 / item ${p.line}: ${p.message}`);
  if (r.problems.length > 0) fail('未导入任何数据 / nothing was imported');
  console.info(
    `新增 added ${r.added}, 未变 unchanged ${r.unchanged}, 替换 replaced ${r.replaced}, 拒绝 refused ${r.refused}`,
  );
  for (const c of r.contradictions.slice(0, 20))
    console.info(`  ${c.issue}: 库中 stored ${c.stored.join(',')} ≠ 文件 file ${c.file.join(',')}`);
  if (r.refused > 0) {
    fail(
      '文件与已存开奖结果矛盾，未导入任何数据；确认无误后加 --replace 覆盖（记入审计日志）/ contradicts stored results: nothing imported; --replace overwrites (audited)',
    );
  }
} else if (command === 'calendar') {
  const path = `/games/${game}/calendar`;
  if (!a.date) {
    const changes = (await call('GET', path)) as {
      date: string;
      kind: string;
      drawAt: string | null;
      note: string;
    }[];
    if (changes.length === 0) console.info('没有例外 / no exceptions');
    for (const c of changes) console.info(`${c.date} ${c.kind} ${c.drawAt ?? '-'} ${c.note}`);
  } else if (a.remove) {
    await call('DELETE', `${path}/${encodeURIComponent(a.date)}`);
    console.info(`${a.date} 已恢复常规开奖 / back to the regular schedule`);
  } else {
    if (!a.kind?.[0] || !a.note)
      fail(`缺少 --kind 或 --note / missing --kind or --note\n\n${USAGE}`, 2);
    let drawAt: string | null = null;
    if (a.at) {
      const t = Date.parse(a.at);
      if (Number.isNaN(t)) fail(`无效的 --at / invalid --at: ${a.at}`, 2);
      drawAt = new Date(t).toISOString();
    }
    const saved = (await call('PUT', `${path}/${encodeURIComponent(a.date)}`, {
      kind: a.kind[0],
      drawAt,
      note: a.note,
    })) as { date: string; kind: string; drawAt: string | null };
    console.info(`${saved.date} ${saved.kind} ${saved.drawAt ?? '-'} 已保存 / saved`);
  }
} else if (command === 'chat-role') {
  const member = Number(a.member);
  if (!Number.isInteger(member) || member < 1)
    fail(`缺少或无效的 --member / missing or invalid --member\n\n${USAGE}`, 2);
  if (a.role !== 'moderator' && a.role !== 'member')
    fail(`--role 须为 moderator 或 member / --role must be moderator or member\n\n${USAGE}`, 2);
  await call('PUT', `/chat/members/${member}/role`, { role: a.role });
  console.info(
    `会员 ${member} 现为 ${a.role === 'moderator' ? '聊天室管理员' : '普通会员'} / now ${a.role}`,
  );
} else if (command === 'blocked-words') {
  if (a.add) {
    await call('POST', '/chat/blocked-words', { word: a.add });
    console.info(`已屏蔽 / blocked: ${a.add}`);
  } else if (a.delete) {
    await call('DELETE', `/chat/blocked-words/${encodeURIComponent(a.delete)}`);
    console.info(`已取消屏蔽 / unblocked: ${a.delete}`);
  } else {
    const words = (await call('GET', '/chat/blocked-words')) as string[];
    console.info(words.length ? words.join('\n') : '没有屏蔽词 / no blocked words');
  }
} else {
  fail(`未知命令 / unknown command "${command}"\n\n${USAGE}`, 2);
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
