import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../i18n/locale';
import { ERROR_TEXT, unwrapEnvelope, type ApiError } from './api-error';
import { call } from './base-query';

/** What the one HTTP layer rejects with when the network is down. */
const offline = () =>
  call({ url: '/api/v2/news' }, { fetch: () => Promise.reject(new TypeError('Failed to fetch')) })
    .then(() => {
      throw new Error('should have failed');
    })
    .catch((e: ApiError) => e);

describe('client-side error messages', () => {
  afterEach(() => setLocale('zh-Hans'));

  it('are worded in the language chosen when the error is made', async () => {
    expect((await offline()).message).toBe('网络异常，请检查网络连接');
    setLocale('zh-Hant');
    const error = await offline();
    expect(error).toMatchObject({ kind: 'network', message: '網絡異常，請檢查網絡連接' });
    expect(ERROR_TEXT.timeout).toBe('請求超時，請稍後重試');
    expect(ERROR_TEXT.status(502)).toBe('請求失敗，狀態碼 502');
    expect(ERROR_TEXT.unauthorized).toBe('登入已失效，請重新登入');
    // A message already made keeps its words after a switch: it may be on screen.
    setLocale('zh-Hans');
    expect(error.message).toBe('網絡異常，請檢查網絡連接');
    expect(ERROR_TEXT.status(502)).toBe('请求失败，状态码 502');
  });

  it('leave the server’s own words alone', () => {
    setLocale('zh-Hant');
    expect(() => unwrapEnvelope({ code: 'E1', msg: '彩种不存在' }, 200)).toThrow('彩种不存在');
    expect(() => unwrapEnvelope({ code: 'E1' }, 200)).toThrow('請求失敗，請稍後重試');
  });
});
