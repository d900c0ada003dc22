// Content commands against a running server's admin API (needs ADMIN_TOKEN on both sides).
// Run without arguments for the list of commands.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

const USAGE = `用法 / usage: npm run content -- <命令 command> [选项 options]

资讯 news:
  news list [--category results|schedule|guide|responsible] [--page 1]
  news show --id <id>
  news add --title <标题> --category <分类> (--body <HTML> | --body-file <file.html>)
           [--summary <摘要>] [--cover <图片路径或文件>] [--published-at <ISO 时间>] [--hidden]
  news edit --id <id> [同上任意字段 any of the above] [--visible|--hidden]
  news rm --id <id>
图库 gallery:    在控制台的「图库」管理 / managed in the console's 图库 section (no CLI)
常见问题 faq:
  faq list | faq add --question <问题> --answer <回答> [--sort <n>]
  faq edit --id <id> [--question …] [--answer …] [--sort …] [--visible|--hidden] | faq rm --id <id>
合作条件 team:   team list | team set --file <rows.json>   ([{ "tier", "requirement", "benefit" }])
公司资料 company: company show | company set [--file <company.json>] [--name …] [--slogan …]
           [--about-file <about.html>] [--disclaimer-file <disclaimer.html>] [--service-url <url>]
公告 notice:     notice list | notice add --content <内容> [--sort <n>] | notice rm --id <id>
访客问题 question: question list [--status open|answered|closed] | question answer --id <id> --answer <回答> [--close]
上传 upload:     upload --file <图片 image>
通用 / common: [--url http://127.0.0.1:8080] [--token <ADMIN_TOKEN>]（默认读取环境变量 / default: env ADMIN_TOKEN）
图片参数可以是已上传的路径，或本地文件（自动上传）/ image options take an uploaded path or a local file (uploaded first).`;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

const str = { type: 'string' } as const;
let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      id: str,
      title: str,
      category: str,
      body: str,
      'body-file': str,
      summary: str,
      cover: str,
      'published-at': str,
      question: str,
      answer: str,
      sort: str,
      file: str,
      content: str,
      status: str,
      page: str,
      name: str,
      slogan: str,
      'about-file': str,
      'disclaimer-file': str,
      'service-url': str,
      hidden: { type: 'boolean' },
      visible: { type: 'boolean' },
      close: { type: 'boolean' },
      url: str,
      token: str,
      help: { type: 'boolean', short: 'h' },
    },
  });
} catch (err) {
  fail(`${(err as Error).message}\n\n${USAGE}`, 2);
}
const { values: a, positionals } = parsed;
const [group, action = 'list'] = positionals;
if (a.help || !group) {
  console.info(USAGE);
  process.exit(a.help ? 0 : 2);
}

const token = a.token ?? process.env.ADMIN_TOKEN;
if (!token) fail('缺少管理员令牌：设置 ADMIN_TOKEN 或使用 --token / missing admin token', 2);
const base = (a.url ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`).replace(/\/+$/, '');

async function call(method: string, p: string, body?: unknown): Promise<unknown> {
  const isForm = body instanceof FormData;
  let res: Response;
  try {
    res = await fetch(`${base}/app-api/admin${p}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined && !isForm && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (err) {
    fail(`无法连接服务器 / cannot reach ${base}: ${(err as Error).message}`);
  }
  const env = (await res.json().catch(() => null)) as {
    code?: string;
    msg?: string;
    data?: unknown;
  } | null;
  if (res.status === 401 || res.status === 403) fail(`令牌被拒绝 / token refused: ${env?.msg}`);
  if (!res.ok || env?.code !== 'OK') {
    const fields = env?.data && typeof env.data === 'object' ? ` ${JSON.stringify(env.data)}` : '';
    fail(`失败 / failed (HTTP ${res.status}): ${env?.msg ?? 'unknown error'}${fields}`);
  }
  return env.data;
}

const need = (name: keyof typeof a): string =>
  (a[name] as string | undefined) ?? fail(`缺少 --${name} / missing --${name}\n\n${USAGE}`, 2);
const int = (name: keyof typeof a): number => {
  const n = Number(need(name));
  if (!Number.isInteger(n)) fail(`--${name} 需要整数 / must be an integer`, 2);
  return n;
};
const optInt = (name: keyof typeof a) => (a[name] === undefined ? undefined : int(name));
const visibility = () => (a.hidden ? { active: false } : a.visible ? { active: true } : {});
const defined = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
const print = (data: unknown) => console.info(JSON.stringify(data, null, 2));

/** An image option: a local file is uploaded first; anything else is taken as a path or URL. */
async function image(value: string | undefined): Promise<string | undefined> {
  if (value === undefined || value === '' || /^(https?:)?\/\//.test(value)) return value;
  const file = await readFile(value).catch(() => null);
  if (!file) return value;
  const form = new FormData();
  form.append('file', new Blob([file]), path.basename(value));
  const up = (await call('POST', '/uploads', form)) as { path: string };
  console.info(`已上传 / uploaded ${value} → ${up.path}`);
  return up.path;
}
const text = async (inline: string | undefined, file: string | undefined) =>
  file ? readFile(file, 'utf8') : inline;

const commands: Record<string, Record<string, () => Promise<unknown>>> = {
  news: {
    list: () =>
      call(
        'GET',
        `/news?${new URLSearchParams(defined({ category: a.category, page: a.page }) as Record<string, string>)}`,
      ),
    show: () => call('GET', `/news/${int('id')}`),
    add: async () =>
      call(
        'POST',
        '/news',
        defined({
          title: need('title'),
          category: need('category'),
          body: (await text(a.body, a['body-file'])) ?? fail('缺少 --body 或 --body-file', 2),
          summary: a.summary,
          cover: await image(a.cover),
          publishedAt: a['published-at'],
          ...visibility(),
        }),
      ),
    edit: async () =>
      call(
        'PUT',
        `/news/${int('id')}`,
        defined({
          title: a.title,
          category: a.category,
          body: await text(a.body, a['body-file']),
          summary: a.summary,
          cover: await image(a.cover),
          publishedAt: a['published-at'],
          ...visibility(),
        }),
      ),
    rm: () => call('DELETE', `/news/${int('id')}`),
  },
  faq: {
    list: () => call('GET', '/faqs'),
    add: () =>
      call(
        'POST',
        '/faqs',
        defined({ question: need('question'), answer: need('answer'), sort: optInt('sort') }),
      ),
    edit: () =>
      call(
        'PUT',
        `/faqs/${int('id')}`,
        defined({
          question: a.question,
          answer: a.answer,
          sort: optInt('sort'),
          ...visibility(),
        }),
      ),
    rm: () => call('DELETE', `/faqs/${int('id')}`),
  },
  team: {
    list: () => call('GET', '/team-conditions'),
    set: async () =>
      call('PUT', '/team-conditions', { rows: JSON.parse(await readFile(need('file'), 'utf8')) }),
  },
  company: {
    list: () => call('GET', '/company'),
    show: () => call('GET', '/company'),
    set: async () =>
      call(
        'PUT',
        '/company',
        defined({
          ...(a.file ? (JSON.parse(await readFile(a.file, 'utf8')) as object) : {}),
          name: a.name,
          slogan: a.slogan,
          aboutUs: await text(undefined, a['about-file']),
          disclaimer: await text(undefined, a['disclaimer-file']),
          onlineServiceUrl: a['service-url'],
        }),
      ),
  },
  notice: {
    list: () => call('GET', '/notices'),
    add: () =>
      call('POST', '/notices', defined({ content: need('content'), sort: optInt('sort') })),
    rm: () => call('DELETE', `/notices/${int('id')}`),
  },
  question: {
    list: () =>
      call(
        'GET',
        `/questions?${new URLSearchParams(defined({ status: a.status, page: a.page }) as Record<string, string>)}`,
      ),
    answer: () =>
      call('POST', `/questions/${int('id')}/answer`, {
        answer: need('answer'),
        status: a.close ? 'closed' : 'answered',
      }),
  },
  upload: { list: async () => image(need('file')) },
};

if (group === 'gallery') {
  fail('图库已改为控制台的「图库」管理 / the picture library is managed in the console (图库)', 2);
}
const run = commands[group]?.[action];
if (!run) fail(`未知命令 / unknown command "${positionals.join(' ')}"\n\n${USAGE}`, 2);
print(await run());
