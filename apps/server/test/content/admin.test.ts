import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePng } from '../../src/services/seed/demo-images.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const TOKEN = 'O8-ca94curW7K21DV_CT-RCKCpkRwSTh5dofyzos';
const auth = { authorization: `Bearer ${TOKEN}` };
const ADMIN = '/app-api/admin';
const V2 = '/app-api/api/v2';
const CLI = path.resolve(import.meta.dirname, '../../src/cli/content.ts');
const run = promisify(execFile);

/** A multipart body with one file part, as a browser or curl would send it. */
function multipart(file: Buffer, filename = 'a.png', contentType = 'image/png') {
  const boundary = '----kjtest' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const PNG = encodePng(4, 4, () => [200, 0, 0]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]);
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">' +
    '<defs><linearGradient id="g"/></defs><rect width="10" height="10" fill="url(#g)"/></svg>',
);

describe('content admin API', () => {
  let t: TestApp;
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `${ADMIN}${url}`, headers: auth, ...(payload && { payload }) });
  beforeAll(async () => {
    t = await createTestApp({ adminToken: TOKEN });
  });
  afterAll(() => t.close());

  it('does not exist without ADMIN_TOKEN, and needs the right one', async () => {
    const off = await createTestApp();
    try {
      const res = await off.app.inject({ url: `${ADMIN}/news`, headers: auth });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
    const none = await t.app.inject({ method: 'POST', url: `${ADMIN}/news`, payload: {} });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('UC/UNAUTHORIZED');
    const wrong = await t.app.inject({
      url: `${ADMIN}/questions`,
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(403);
    const upload = await t.app.inject({
      method: 'POST',
      url: `${ADMIN}/uploads`,
      ...multipart(PNG),
      headers: { ...multipart(PNG).headers, authorization: 'Bearer nope-nope-nope-nope' },
    });
    expect(upload.statusCode).toBe(403);
  });

  describe('news', () => {
    it('publishes, edits and deletes, sanitising the stored HTML', async () => {
      const created = await send('POST', '/news', {
        // A control character is dropped (NUL itself is refused, plugins/app/no-nul.ts).
        title: '  测试\u0007资讯 ',
        category: 'guide',
        body:
          '<h3 onclick="x()">标题</h3><p style="color:red">正文<script>window.__pwned=1</script></p>' +
          '<img src="x" onerror="window.__pwned=1"><a href="javascript:alert(1)">坏链接</a>' +
          '<a href="https://example.com">外链</a><iframe src="https://evil.example"></iframe>' +
          '<style>body{display:none}</style><svg onload="alert(1)"></svg>',
      });
      expect(created.statusCode).toBe(200);
      const news = created.json().data;
      expect(news.title).toBe('测试 资讯');
      expect(news.body).toBe(
        '<h3>标题</h3><p>正文</p><img src="x" loading="lazy" /><a>坏链接</a>' +
          '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">外链</a>',
      );
      for (const bad of ['script', 'onerror', 'onclick', 'javascript:', 'iframe', 'style', 'svg']) {
        expect(news.body).not.toContain(bad);
      }
      // A summary nobody wrote is taken from the text.
      expect(news.summary).toBe('标题 正文 坏链接 外链');
      expect((await t.app.inject(`${V2}/news/${news.id}`)).json().data.body).toBe(news.body);

      const edited = await send('PUT', `/news/${news.id}`, {
        body: '<p>新的<b onmouseover="x">正文</b></p>',
        active: false,
      });
      expect(edited.json().data).toMatchObject({
        body: '<p>新的<b>正文</b></p>',
        active: false,
        title: '测试 资讯',
      });
      expect((await t.app.inject(`${V2}/news/${news.id}`)).statusCode).toBe(404);
      const listed = (await send('GET', '/news?pageSize=50')).json().data.items;
      expect(listed.find((n: { id: number }) => n.id === news.id)).toMatchObject({ active: false });

      expect((await send('DELETE', `/news/${news.id}`)).json().data).toBe(true);
      expect((await send('DELETE', `/news/${news.id}`)).statusCode).toBe(404);
      expect((await send('PUT', `/news/${news.id}`, { title: 'x' })).statusCode).toBe(404);
    });

    it('refuses invalid news', async () => {
      const cases = [
        { title: '', category: 'guide', body: '<p>x</p>' },
        { title: 'x', category: 'gossip', body: '<p>x</p>' },
        { title: 'x', category: 'guide' },
        { title: 'x', category: 'guide', body: '<p>x</p>', cover: '../../etc/passwd' },
        { title: 'x', category: 'guide', body: '<p>x</p>', publishedAt: 'tomorrow' },
      ];
      for (const c of cases) {
        const res = await send('POST', '/news', c);
        expect(res.statusCode, JSON.stringify(c)).toBe(400);
        expect(res.json().code).toBe('REQ/INVALID');
      }
      // Only markup that is not allowed: nothing would be left to read.
      const empty = await send('POST', '/news', {
        title: 'x',
        category: 'guide',
        body: '<script>1</script>',
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().data).toHaveProperty('body');
    });
  });

  describe('uploads', () => {
    const upload = (file: Buffer, name?: string, type?: string) =>
      t.app.inject({ method: 'POST', url: `${ADMIN}/uploads`, ...multipart(file, name, type) });

    it('stores images by their bytes under generated names, served with long caching', async () => {
      for (const [buf, ext, mime] of [
        [PNG, 'png', 'image/png'],
        [JPEG, 'jpg', 'image/jpeg'],
        [GIF, 'gif', 'image/gif'],
        [WEBP, 'webp', 'image/webp'],
        [SVG, 'svg', 'image/svg+xml'],
      ] as const) {
        // The claimed name and type are ignored: the bytes decide.
        const res = await upload(buf, '../../evil.html', 'text/html');
        expect(res.statusCode, ext).toBe(200);
        const up = res.json().data;
        expect(up.path).toMatch(new RegExp(`^/sys-upload/content/\\d{6}/[0-9a-f]{24}\\.${ext}$`));
        expect(up).toMatchObject({ contentType: mime, size: buf.length });
        const served = await t.app.inject(up.path);
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toContain(mime);
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(served.headers['content-security-policy']).toContain('sandbox');
        expect(served.rawPayload.equals(buf)).toBe(true);
      }
      // Nothing was written outside the uploads directory.
      await expect(fs.stat(path.join(t.env.dataDir, 'evil.html'))).rejects.toThrow();
    });

    it('refuses what is not an image, unsafe SVG, empty and oversized files', async () => {
      const refused = [
        Buffer.from('<html><script>alert(1)</script></html>'),
        Buffer.from('just text pretending to be a png'),
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><rect/></a></svg>',
        ),
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://t.example/p.png"/></svg>',
        ),
        Buffer.from('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "y">]><svg/>'),
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div/></foreignObject></svg>',
        ),
        Buffer.alloc(0),
      ];
      for (const buf of refused) {
        const res = await upload(buf, 'x.png', 'image/png');
        expect(res.statusCode, buf.toString().slice(0, 40)).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'REQ/INVALID',
          data: { file: expect.any(String) },
        });
      }
      const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
      const tooBig = await upload(big);
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().msg).toContain('5 MB');
      const notMultipart = await send('POST', '/uploads', { file: 'x' });
      expect(notMultipart.statusCode).toBe(400);
      const stored = await fs.readdir(path.join(t.env.dataDir, 'uploads/content')).catch(() => []);
      const files = (
        await Promise.all(
          stored.map((d) => fs.readdir(path.join(t.env.dataDir, 'uploads/content', d))),
        )
      ).flat();
      expect(files.every((f) => /\.(png|jpg|gif|webp|svg)$/.test(f))).toBe(true);
    });

    it('serves nothing outside the uploads directory', async () => {
      await fs.writeFile(path.join(t.env.dataDir, 'secret.txt'), 'secret');
      for (const url of [
        '/sys-upload/../secret.txt',
        '/sys-upload/%2e%2e/secret.txt',
        '/sys-upload/..%2fsecret.txt',
        '/sys-upload/%2e%2e%2fsecret.txt',
        '/sys-upload/demo/../../secret.txt',
        '/sys-upload/.hidden',
      ]) {
        const res = await t.app.inject(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('secret');
      }
    });
  });

  it('has retired the old one-series gallery (the picture library replaced it)', async () => {
    for (const [method, url] of [
      ['GET', `${ADMIN}/galleries`],
      ['GET', `${ADMIN}/galleries/:id`],
      ['POST', `${ADMIN}/galleries`],
      ['PUT', `${ADMIN}/galleries/:id`],
      ['DELETE', `${ADMIN}/galleries/:id`],
      ['GET', `${V2}/galleries`],
      ['GET', `${V2}/galleries/:gameId/:id`],
    ] as const) {
      expect(t.app.hasRoute({ method, url }), `${method} ${url}`).toBe(false);
    }
    expect(t.app.hasRoute({ method: 'GET', url: `${ADMIN}/news` })).toBe(true);
    expect((await send('GET', '/galleries?gameId=111')).statusCode).toBe(404);
    expect((await t.app.inject(`${V2}/galleries?gameId=111`)).statusCode).toBe(404);
  });

  it('edits the FAQ and the partner table', async () => {
    const faq = (
      await send('POST', '/faqs', { question: '新问题？', answer: '第一行\r\n第二行', sort: -1 })
    ).json().data;
    expect(faq).toMatchObject({ answer: '第一行\n第二行', active: true });
    expect((await t.app.inject(`${V2}/faqs`)).json().data[0]).toEqual({
      id: faq.id,
      question: '新问题？',
      answer: '第一行\n第二行',
    });
    await send('PUT', `/faqs/${faq.id}`, { active: false });
    expect(
      (await t.app.inject(`${V2}/faqs`)).json().data.map((f: { id: number }) => f.id),
    ).not.toContain(faq.id);
    expect((await send('GET', '/faqs')).json().data.map((f: { id: number }) => f.id)).toContain(
      faq.id,
    );
    expect((await send('DELETE', `/faqs/${faq.id}`)).json().data).toBe(true);
    expect((await send('PUT', `/faqs/${faq.id}`, { sort: 1 })).statusCode).toBe(404);
    expect((await send('POST', '/faqs', { question: 'x' })).statusCode).toBe(400);

    const rows = [
      { tier: '甲', requirement: '条件一', benefit: '权益一' },
      { tier: '乙', requirement: '条件二', benefit: '权益二' },
    ];
    const put = await send('PUT', '/team-conditions', { rows });
    expect(put.json().data.map((r: object) => ({ ...r, id: undefined }))).toEqual(
      rows.map((r) => ({ ...r, id: undefined })),
    );
    expect((await t.app.inject(`${V2}/team-conditions`)).json().data).toHaveLength(2);
    expect((await send('PUT', '/team-conditions', { rows: [{ tier: '' }] })).statusCode).toBe(400);
  });

  it('edits the company record (sanitised) and its notices', async () => {
    const res = await send('PUT', '/company', {
      aboutUs: '<p>关于<script>x()</script><img src="/sys-upload/a.png" onerror="x()"></p>',
      onlineServiceUrl: 'https://kf.example.com/chat',
      contact: { phone: '+853 2800 0000' },
    });
    expect(res.statusCode).toBe(200);
    const company = res.json().data;
    expect(company.aboutUs).toBe('<p>关于<img src="/sys-upload/a.png" loading="lazy" /></p>');
    expect(company.contact).toMatchObject({
      phone: '+853 2800 0000',
      email: 'service@kaijiang.example',
    });
    const file = (await t.app.inject('/sys-upload/data/json/company/kj.json')).json();
    expect(file).toMatchObject({
      aboutUs: company.aboutUs,
      onlineServiceUrl: 'https://kf.example.com/chat',
    });
    expect(
      (await send('PUT', '/company', { onlineServiceUrl: 'javascript:alert(1)' })).statusCode,
    ).toBe(400);

    const notice = (await send('POST', '/notices', { content: '新公告\n内容', sort: 99 })).json()
      .data;
    expect(notice).toMatchObject({ content: '新公告 内容', active: true });
    const list = () =>
      t.app.inject(`/sys-upload/data/json/company/kj/notice_list.json?_t=${Date.now()}`);
    expect((await list()).json().roll_notice.at(-1)).toEqual({ noticeContent: '新公告 内容' });
    expect((await send('PUT', `/notices/${notice.id}`, { active: false })).json().data).toBe(true);
    expect((await list()).json().roll_notice).not.toContainEqual({ noticeContent: '新公告 内容' });
    expect((await send('DELETE', `/notices/${notice.id}`)).json().data).toBe(true);
    expect((await send('DELETE', `/notices/${notice.id}`)).statusCode).toBe(404);
  });

  it('lists and answers visitor questions', async () => {
    const q = await t.app.content.submitQuestion({
      content: '请问怎么导出历史？',
      contact: 'a@b.c',
    });
    const open = (await send('GET', '/questions?status=open')).json().data;
    expect(open.items[0]).toMatchObject({ id: q.id, status: 'open', answer: '', answeredAt: null });
    const answered = await send('POST', `/questions/${q.id}/answer`, {
      answer: '在历史开奖页点击导出。',
    });
    expect(answered.json().data).toMatchObject({
      status: 'answered',
      answer: '在历史开奖页点击导出。',
    });
    expect((await send('GET', '/questions?status=open')).json().data.total).toBe(open.total - 1);
    expect((await send('POST', '/questions/999999/answer', { answer: 'x' })).statusCode).toBe(404);
    expect((await send('GET', '/questions?status=bogus')).statusCode).toBe(400);
  });

  it('has a CLI for the same calls', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const cli = (...args: string[]) =>
      run(process.execPath, [CLI, ...args, '--url', url], {
        env: { ...process.env, ADMIN_TOKEN: TOKEN },
      });

    const png = path.join(t.env.dataDir, 'cover.png');
    await fs.writeFile(png, PNG);
    const added = await cli(
      'news',
      'add',
      '--title',
      'CLI 资讯',
      '--category',
      'results',
      '--body',
      '<p>正文<script>1</script></p>',
      '--cover',
      png,
    );
    const news = JSON.parse(added.stdout.slice(added.stdout.indexOf('{')));
    expect(news).toMatchObject({ title: 'CLI 资讯', body: '<p>正文</p>' });
    expect(news.cover).toMatch(/^\/sys-upload\/content\//);
    const listed = JSON.parse((await cli('news', 'list', '--category', 'results')).stdout);
    expect(listed.items[0].id).toBe(news.id);
    await cli('news', 'rm', '--id', String(news.id));

    // The old gallery's commands are gone: an operator is sent to the console's 图库.
    await expect(cli('gallery', 'add', '--title', 'CLI 图', '--image', png)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('图库'),
    });
    const faqs = JSON.parse((await cli('faq', 'list')).stdout);
    expect(faqs.length).toBeGreaterThan(0);

    await expect(cli('news', 'add', '--title', 'x')).rejects.toMatchObject({ code: 2 });
    await expect(
      run(process.execPath, [CLI, 'faq', 'list', '--url', url], {
        env: { ...process.env, ADMIN_TOKEN: '9s0C5naAGloJHg_-cSPLXdWZveEJDfpV-xlMS-Iz' },
      }),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('token refused') });
  });
});
