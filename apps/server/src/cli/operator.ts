// Operator accounts from the command line: the first owner, and a way back in for a locked-out one.
//   npm run operator -- add --username boss --role owner     (password asked, or stdin)
//   npm run operator -- list
//   npm run operator -- reset-totp --username boss
//   npm run operator -- enrol-link --username boss
// (npm runs it on the pinned Node 24, which strips the types; the machine's own Node may not.)
// A new operator (and one whose second factor was cleared) gets a one-time link, good for 24 h:
// signing in without a second factor is possible through it alone.
// Works on the database directly (the same DATABASE_URL / DATA_DIR as the server); every change
// leaves an audit entry by "cli".
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { ENROL_LINK_MS, ENROL_PATH, OPERATOR_ROLES, type OperatorRole } from '@kaijiang/domain';
import { ConfigError, loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { createChangeFeed } from '../lib/change-feed.ts';
import { createPasswordHasher, DEFAULT_SCRYPT } from '../services/members/password.ts';
import { passwordProblem } from '../services/members/password-policy.ts';
import { newToken, tokenHash } from '../services/members/tokens.ts';
import { createRepositories } from '../repositories/index.ts';

const USAGE = `用法 / usage:
  npm run operator -- add --username <名字> --role owner|editor|draw|moderator
        (密码在终端中输入且不显示，或从标准输入读取 / password typed without echo, or read from stdin)
  npm run operator -- list
  npm run operator -- reset-totp --username <名字>
        (清除两步验证并给出新的设置链接 / clears the second factor and prints a new set-up link)
  npm run operator -- enrol-link --username <名字>
        (未设置两步验证的管理员的一次性设置链接，24 小时内有效 / a one-time set-up link, 24 h)`;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      username: { type: 'string', short: 'u' },
      role: { type: 'string', short: 'r' },
      help: { type: 'boolean', short: 'h' },
    },
  });
} catch (err) {
  fail(`${(err as Error).message}\n\n${USAGE}`, 2);
}
const { values: args, positionals } = parsed;
const command = positionals[0];
if (args.help || !command) {
  console.info(USAGE);
  process.exit(args.help ? 0 : 2);
}

/** A line typed at the terminal without echo, or the first line of stdin when it is not one. */
async function readPassword(prompt: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    let data = '';
    for await (const chunk of stdin) data += String(chunk);
    return data.split(/\r?\n/)[0] ?? '';
  }
  process.stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve) => {
    let typed = '';
    const onData = (chars: string) => {
      for (const ch of chars) {
        if (ch === '\r' || ch === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stderr.write('\n');
          resolve(typed);
          return;
        }
        if (ch === '\u0003') fail('\n已取消 / cancelled', 130);
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else typed += ch;
      }
    };
    stdin.on('data', onData);
  });
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
  const now = () => new Date().toISOString();
  const audit = (action: string, target: string, after: unknown) =>
    repos.audit.add({
      at: now(),
      operatorId: null,
      actor: 'cli',
      address: `cli:${userInfo().username}`,
      action,
      target,
      before: null,
      after: JSON.stringify(after),
    });

  /** A new one-time link replaces the operator's earlier one; printed, never stored in clear. */
  const enrolLink = async (id: number, username: string) => {
    const token = newToken();
    const expiresAt = new Date(Date.now() + ENROL_LINK_MS).toISOString();
    await repos.operators.setEnrolLink(id, { hash: tokenHash(token), expiresAt }, now());
    await audit('operators.enrol-link', JSON.stringify({ id }), { username, expiresAt });
    console.info(
      `一次性设置链接 / one-time set-up link (${expiresAt} 前有效 / valid until):\n` +
        `  <网站地址 / site address>${ENROL_PATH}#${token}\n` +
        '打开链接、输入密码并用验证器应用扫码 / open it, give the password, scan the QR code.',
    );
  };

  if (command === 'list') {
    const list = await repos.operators.list();
    if (list.length === 0) console.info('还没有管理员 / no operators yet');
    for (const o of list) {
      console.info(
        `${o.id}\t${o.username}\t${o.role}\t${o.totpSecret ? '两步验证已启用' : '未设置两步验证'}` +
          `${o.disabledAt ? '\t已停用 / disabled' : ''}`,
      );
    }
  } else if (command === 'add') {
    const username = args.username ?? fail(`缺少 --username\n\n${USAGE}`, 2);
    const role = args.role as OperatorRole;
    if (!OPERATOR_ROLES.includes(role))
      fail(`--role 应为 / must be ${OPERATOR_ROLES.join('|')}`, 2);
    if (!/^[A-Za-z0-9_]{3,32}$/.test(username)) {
      fail('用户名为 3–32 位字母、数字或下划线 / 3–32 letters, digits or _', 2);
    }
    if (await repos.operators.findByUsername(username)) fail(`用户名 ${username} 已存在 / taken`);
    const password = await readPassword('密码 / password: ');
    const problem = passwordProblem(password, username);
    if (problem) fail(`${problem} / password refused`);
    if (process.stdin.isTTY && (await readPassword('再输入一次 / again: ')) !== password) {
      fail('两次输入的密码不一致 / passwords differ');
    }
    const hasher = createPasswordHasher({ ...DEFAULT_SCRYPT, logN: config.passwords.scryptLogN });
    const created = await repos.operators.create(
      { username, passwordHash: await hasher.hash(password, 'cli'), role },
      now(),
    );
    if (!created) fail(`用户名 ${username} 已存在 / taken`);
    await audit('operators.add', JSON.stringify({ id: created.id }), { username, role });
    console.info(`已创建 / created: ${username} (${role}).`);
    await enrolLink(created.id, username);
  } else if (command === 'reset-totp') {
    const username = args.username ?? fail(`缺少 --username\n\n${USAGE}`, 2);
    const o = await repos.operators.findByUsername(username);
    if (!o) fail(`没有管理员 ${username} / no such operator`);
    await repos.operators.update(
      o.id,
      { totpSecret: null, totpPending: null, recoveryHashes: [] },
      now(),
    );
    await repos.operators.removeSessionsOf(o.id);
    await audit('operators.reset-totp', JSON.stringify({ id: o.id }), { username });
    console.info(`已清除 ${username} 的两步验证 / second factor cleared`);
    await enrolLink(o.id, username);
  } else if (command === 'enrol-link') {
    const username = args.username ?? fail(`缺少 --username\n\n${USAGE}`, 2);
    const o = await repos.operators.findByUsername(username);
    if (!o) fail(`没有管理员 ${username} / no such operator`);
    if (o.totpSecret) fail(`${username} 已设置两步验证 / already has a second factor`);
    if (o.disabledAt) fail(`${username} 已停用 / disabled`);
    await enrolLink(o.id, username);
  } else {
    fail(`未知命令 / unknown command: ${command}\n\n${USAGE}`, 2);
  }
} finally {
  await database.close();
}
