// Bulk upload into a series (docs/architecture.md §14): which file goes to which issue, the
// problems said in Chinese, zips opened within bounds, hostile files refused, and the saved
// pictures re-encoded in three sizes under content-hash names with long cache lives.
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchName } from '../../src/services/gallery/upload-names.ts';
import { memberApp, type TestApp } from '../members/member-helpers.ts';
import {
  ADMIN,
  TOKEN,
  V2,
  auth,
  createSeries,
  hugePng,
  multipart,
  png,
  upload,
} from './helpers.ts';

type Row = {
  name: string;
  issue: string | null;
  variant: string | null;
  position: number | null;
  replaces: boolean;
  problem: string | null;
};

describe('reading upload names', () => {
  const daily = { issueDigits: 7, modes: 'both' as const, year: 2026 };
  it('reads issue, version and place', () => {
    expect(matchName('2026123.jpg', daily)).toMatchObject({
      issue: '2026123',
      variant: 'colour',
      position: 0,
      problem: null,
    });
    expect(matchName('2026123-2.png', daily)).toMatchObject({ issue: '2026123', position: 1 });
    expect(matchName('2026123-mono.jpg', daily)).toMatchObject({ variant: 'mono', position: 0 });
    expect(matchName('第2026123期.jpg', daily)).toMatchObject({ issue: '2026123', problem: null });
    expect(matchName('folder/2026123_黑白_3.JPG', daily)).toMatchObject({
      variant: 'mono',
      position: 2,
    });
    expect(matchName('２０２６１２３.jpg', daily).issue).toBe('2026123');
  });
  it('says what is wrong with a name', () => {
    expect(matchName('cover.jpg', daily).problem).toBe('文件名里没有期号');
    expect(matchName('2026123.txt', daily).problem).toContain('不是');
    expect(matchName('202612.jpg', daily).problem).toContain('期号不对');
    expect(matchName('1999123.jpg', daily).problem).toContain('年份');
    expect(matchName('2026123-99.jpg', daily).problem).toContain('序号');
    expect(matchName('2026123-final.jpg', daily).problem).toContain('final');
    expect(matchName('2026123-mono.jpg', { ...daily, modes: 'colour' }).problem).toBe(
      '该图库只有彩色版',
    );
    expect(matchName('202611280001.jpg', { ...daily, issueDigits: 12 }).problem).toBeNull();
  });
});

describe('gallery bulk upload', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await memberApp({ adminToken: TOKEN });
  });
  afterAll(() => t.close());
  const preview = (id: number, files: { name: string; bytes: Uint8Array }[]) =>
    t.app.inject({ method: 'POST', url: `${ADMIN}/series/${id}/uploads`, ...multipart(files) });

  it('previews a folder: each file with its issue or its problem, nothing saved', async () => {
    const id = await createSeries(t.app, { name: '预览测试', modes: 'colour' });
    await upload(t.app, id, [{ name: '2026001.png', bytes: png() }]);
    const res = await preview(id, [
      { name: '2026001.png', bytes: png() },
      { name: '2026002-2.png', bytes: png() },
      { name: '第2026003期.png', bytes: png() },
      { name: '2026003.png', bytes: png() },
      { name: '2026004-mono.png', bytes: png() },
      { name: 'readme.txt', bytes: Buffer.from('hello') },
      { name: '2026005.png', bytes: Buffer.from('<html>not a picture</html>') },
      { name: '2026006.png', bytes: hugePng() },
    ]);
    expect(res.statusCode).toBe(200);
    const files = res.json().data.files as Row[];
    const by = (n: string) => files.find((f) => f.name === n)!;
    expect(by('2026001.png')).toMatchObject({ issue: '2026001', replaces: true, problem: null });
    expect(by('2026002-2.png')).toMatchObject({
      issue: '2026002',
      position: 1,
      replaces: false,
      problem: null,
    });
    expect(by('第2026003期.png').problem).toBeNull();
    expect(by('2026003.png').problem).toBe('与「第2026003期.png」重复');
    expect(by('2026004-mono.png').problem).toBe('该图库只有彩色版');
    expect(by('readme.txt').problem).toContain('不是');
    expect(by('2026005.png').problem).toContain('不是图片');
    expect(by('2026006.png').problem).toContain('尺寸过大');
    // Nothing is saved by a preview.
    expect((await t.app.inject({ url: `${V2}/series/${id}/issues` })).json().data.total).toBe(1);
  });

  it('saves re-encoded pictures in three sizes under hash names cached for good', async () => {
    const id = await createSeries(t.app, { name: '保存测试' });
    const { preview: p, saved } = await upload(t.app, id, [
      { name: '2026010.png', bytes: png(2000, 300) },
      { name: '2026010-mono.png', bytes: png(300, 200, 90) },
      { name: 'junk.png', bytes: png() },
    ]);
    expect(p.files.filter((f: Row) => f.problem === null)).toHaveLength(2);
    expect(saved).toEqual({ saved: 2, issues: ['2026010'] });
    const issue = (await t.app.inject({ url: `${V2}/series/${id}/issues/2026010` })).json().data;
    const colour = issue.pictures.find((x: { variant: string }) => x.variant === 'colour').image;
    expect([colour.width, colour.height]).toEqual([1600, 240]);
    expect(colour.thumb).toMatch(/^\/sys-upload\/gallery\/[0-9a-f]{2}\/[0-9a-f]{32}\.jpg$/);
    expect(new Set([colour.thumb, colour.phone, colour.desktop]).size).toBe(3);
    const mono = issue.pictures.find((x: { variant: string }) => x.variant === 'mono').image;
    expect([mono.width, mono.height]).toEqual([300, 200]); // never enlarged
    const file = await t.app.inject({ url: colour.thumb });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('image/jpeg');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(issue.series.cover).toEqual(colour);
    // A token is used once, and only for its series.
    const again = await t.app.inject({
      method: 'POST',
      url: `${ADMIN}/series/${id}/uploads/${p.token}`,
      headers: auth,
    });
    expect(again.statusCode).toBe(404);
  });

  it('opens a zip within bounds and refuses unsafe names and bombs', async () => {
    const id = await createSeries(t.app, { name: '压缩包测试' });
    const zip = zipSync({
      'pics/2026020.png': png(),
      '../evil/2026021.png': png(),
      '/etc/2026022.png': png(),
      '__MACOSX/._2026020.png': new Uint8Array([0, 1, 2]),
      'pics/2026023.png': new Uint8Array(13 * 1024 * 1024),
    });
    const res = await preview(id, [{ name: 'batch.zip', bytes: zip }]);
    expect(res.statusCode).toBe(200);
    const files = res.json().data.files as Row[];
    expect(files.map((f) => [f.name, f.problem])).toEqual([
      ['pics/2026020.png', null],
      ['../evil/2026021.png', '文件名含有不安全的路径'],
      ['/etc/2026022.png', '文件名含有不安全的路径'],
      ['pics/2026023.png', '文件过大（单张不超过 12 MB）'],
    ]);
    // Twelve entries of 11 MB of zeros: a few kilobytes that inflate past the 120 MB total.
    const zeros = new Uint8Array(11 * 1024 * 1024);
    const bomb = zipSync(
      Object.fromEntries(
        Array.from({ length: 12 }, (_, i) => [
          `2026${String(i + 30).padStart(3, '0')}.png`,
          [zeros, { level: 1 }],
        ]),
      ),
    );
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const refused = await preview(id, [{ name: 'bomb.zip', bytes: bomb }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toContain('解压后过大');
    const broken = await preview(id, [
      {
        name: 'broken.zip',
        bytes: Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64, 7)]),
      },
    ]);
    expect(broken.statusCode).toBe(400);
    // Deflating 140 MB of zeros in the test itself takes a while on a busy machine.
  }, 90_000);

  it('refuses what is not an upload and whoever is not an operator', async () => {
    const id = await createSeries(t.app, { name: '拒绝测试' });
    const { payload, headers } = multipart([{ name: '2026001.png', bytes: png() }]);
    const anon = await t.app.inject({
      method: 'POST',
      url: `${ADMIN}/series/${id}/uploads`,
      payload,
      headers: { 'content-type': headers['content-type'] },
    });
    expect(anon.statusCode).toBe(401);
    const json = await t.app.inject({
      method: 'POST',
      url: `${ADMIN}/series/${id}/uploads`,
      headers: auth,
      payload: { files: [] },
    });
    expect(json.statusCode).toBe(400);
    expect((await preview(999999, [{ name: '2026001.png', bytes: png() }])).statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: `${ADMIN}/series/${id}/uploads/not-a-token`,
      headers: auth,
    });
    expect(bad.statusCode).toBe(400);
  });
});
