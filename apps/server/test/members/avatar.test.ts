import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegWithExif } from '../helpers/images.ts';
import { memberApp, registered, URLS, type TestApp } from './member-helpers.ts';

const AVATAR = '/app-api/api/user/avatar';
const BOUNDARY = 'kjavatarboundary';

function multipart(bytes: Buffer, name = 'me.jpg'): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\n` +
        'content-type: image/jpeg\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

describe('POST /api/user/avatar', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await memberApp();
  });
  afterAll(() => t.close());

  const upload = async (bytes: Buffer, token?: string) => {
    const m = token ? null : await registered(t.app);
    const c = m?.c ?? (await registered(t.app)).c;
    return c.send(
      {
        method: 'POST',
        url: AVATAR,
        payload: multipart(bytes),
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      },
      token ?? m!.token,
    );
  };

  it('stores the picture without its camera data and makes it the member’s avatar', async () => {
    const m = await registered(t.app);
    const res = await m.c.send(
      {
        method: 'POST',
        url: AVATAR,
        payload: multipart(jpegWithExif()),
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      },
      m.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const avatar = (res.json().data as { avatar: string }).avatar;
    expect(avatar).toMatch(/^\/sys-upload\/avatar\/\d{6}\/[0-9a-f]{24}\.jpg$/);
    const served = await t.app.inject({ url: avatar });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.toString('latin1')).not.toContain('GPS');
    expect(served.rawPayload.toString('latin1')).toContain('JFIF');
    const info = await m.c.get(`${URLS.info}?_t=1`, m.token);
    expect(info.json().data.userInfo.avatar).toBe(avatar);
  });

  it('refuses a visitor, what is not a picture, an SVG and a file over 2 MB', async () => {
    const m = await registered(t.app);
    const anonymous = await m.c.send({
      method: 'POST',
      url: AVATAR,
      payload: multipart(jpegWithExif()),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expect(anonymous.statusCode).toBe(401);
    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(svg.statusCode).toBe(400);
    expect(svg.json().msg).toContain('PNG');
    expect((await upload(Buffer.from('hello'))).statusCode).toBe(400);
    const big = Buffer.concat([jpegWithExif().subarray(0, -2), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    expect((await upload(big)).statusCode).toBe(413);
    // Nothing was stored as the member's avatar by any of them.
    const info = await m.c.get(`${URLS.info}?_t=2`, m.token);
    expect(info.json().data.userInfo.avatar ?? '').toBe('');
  });

  it('takes three in a burst, then asks the member to wait', async () => {
    const m = await registered(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await upload(jpegWithExif(), m.token)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});
