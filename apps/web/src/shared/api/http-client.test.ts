import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type InternalAxiosRequestConfig,
} from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { createStorage, memoryBackend } from '../storage/storage';
import { ApiError } from './api-error';
import { createApiClient, isSessionProbe } from './http-client';

type Reply =
  { status: number; body?: unknown } | { error: 'network' | 'timeout' | 'abort' | 'cancel' };

function stubAdapter(reply: Reply, seen: InternalAxiosRequestConfig[] = []): AxiosAdapter {
  return async (config) => {
    seen.push(config);
    if ('error' in reply) {
      if (reply.error === 'network') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
      if (reply.error === 'timeout')
        throw new AxiosError('timeout of 20000ms exceeded', 'ECONNABORTED', config);
      if (reply.error === 'abort') throw new AxiosError('Request aborted', 'ECONNABORTED', config);
      throw new AxiosError('canceled', 'ERR_CANCELED', config);
    }
    const response = {
      data: reply.body,
      status: reply.status,
      statusText: String(reply.status),
      headers: {},
      config,
    };
    if (reply.status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${reply.status}`,
        reply.status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
        config,
        null,
        response,
      );
    }
    return response;
  };
}

function setup(reply: Reply, token?: string) {
  const storage = createStorage(() => [memoryBackend()]);
  if (token) {
    storage.set('access_token', token);
    storage.set('chat_login_token', 'chat-login');
    storage.set('chat_token', 'chat');
  }
  const seen: InternalAxiosRequestConfig[] = [];
  const onSessionEnded = vi.fn();
  const client = createApiClient({
    baseURL: '/app-api',
    companyCode: 'kj',
    storage,
    adapter: stubAdapter(reply, seen),
    onSessionEnded,
  });
  return { client, storage, seen, onSessionEnded };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('api client', () => {
  it('unwraps the envelope to data', async () => {
    const { client } = setup({ status: 200, body: { code: 'OK', msg: '', data: { token: 't1' } } });
    await expect(client.post('/v/user/login', 'a=b')).resolves.toEqual({ token: 't1' });
  });

  it('uses the API base, the 20 s timeout and the XSRF cookie/header names', async () => {
    const { client, seen } = setup({ status: 200, body: { code: 'OK', msg: '', data: 1 } });
    await client.get('/api/v2/game/group');
    const config = seen[0]!;
    expect(config.baseURL).toBe('/app-api');
    expect(config.url).toBe('/api/v2/game/group');
    expect(config.timeout).toBe(20_000);
    expect(config.xsrfCookieName).toBe('XSRF-TOKEN');
    expect(config.xsrfHeaderName).toBe('X-XSRF-TOKEN');
  });

  it('sends the company code always and the token in two headers when signed in', async () => {
    const anonymous = setup({ status: 200, body: { code: 'OK', msg: '', data: null } });
    await anonymous.client.get('/x');
    const h0 = AxiosHeaders.from(anonymous.seen[0]!.headers);
    expect(h0.get('Company-Code')).toBe('kj');
    expect(h0.has('Authorization')).toBe(false);
    expect(h0.has('token')).toBe(false);

    const member = setup({ status: 200, body: { code: 'OK', msg: '', data: null } }, 'tok');
    await member.client.get('/x');
    const h1 = AxiosHeaders.from(member.seen[0]!.headers);
    expect(h1.get('Authorization')).toBe('tok');
    expect(h1.get('token')).toBe('tok');
  });

  it.each([
    [{ error: 'network' } as const, '网络异常，请检查网络连接', 'network'],
    [{ error: 'timeout' } as const, '请求超时，请稍后重试', 'timeout'],
    [{ error: 'abort' } as const, '请求已取消', 'aborted'],
    [{ error: 'cancel' } as const, '请求已取消', 'aborted'],
    [{ status: 502, body: '<html>' }, '请求失败，状态码 502', 'http'],
  ])('maps %j to its Chinese message', async (reply, message, kind) => {
    const { client } = setup(reply);
    const error = await failure(client.get('/x'));
    expect(error.message).toBe(message);
    expect(error.kind).toBe(kind);
  });

  it("prefers the server's msg and keeps its code", async () => {
    const { client } = setup({
      status: 400,
      body: { code: 'UC/BAD_CREDENTIALS', msg: '用户名或密码错误', data: null },
    });
    const error = await failure(client.post('/v/user/login'));
    expect(error.message).toBe('用户名或密码错误');
    expect(error.code).toBe('UC/BAD_CREDENTIALS');
    expect(error.status).toBe(400);
  });

  it('401: ends the session with the server msg and clears the tokens', async () => {
    const { client, storage, onSessionEnded } = setup(
      { status: 401, body: { code: 'UC/UNAUTHORIZED', msg: '请先登录', data: null } },
      'tok',
    );
    await failure(client.get('/api/v2/collections'));
    expect(onSessionEnded).toHaveBeenCalledWith({ reason: 'unauthorized', message: '请先登录' });
    expect(storage.get('access_token')).toBeNull();
    expect(storage.get('chat_login_token')).toBeNull();
  });

  it('400 UC/TOKEN_INVALID: removes access and chat login tokens and goes to sign-in', async () => {
    const { client, storage, onSessionEnded } = setup(
      { status: 400, body: { code: 'UC/TOKEN_INVALID', msg: '登录已过期', data: null } },
      'tok',
    );
    await failure(client.get('/api/v2/messages'));
    expect(storage.get('access_token')).toBeNull();
    expect(storage.get('chat_login_token')).toBeNull();
    expect(storage.get('chat_token')).toBe('chat');
    expect(onSessionEnded).toHaveBeenCalledWith({ reason: 'token-invalid', message: null });
  });

  it.each(['/api/user/info?_t=1', '/v/api/user/info', '/api/user/status', '/v/api/user/status'])(
    'TOKEN_INVALID on %s clears the tokens but stays on the page',
    async (url) => {
      const { client, storage, onSessionEnded } = setup(
        { status: 400, body: { code: 'UC/TOKEN_INVALID', msg: '登录已过期', data: null } },
        'tok',
      );
      await failure(client.get(url));
      expect(storage.get('access_token')).toBeNull();
      expect(onSessionEnded).not.toHaveBeenCalled();
    },
  );

  it('other 400s leave the session alone', async () => {
    const { client, storage, onSessionEnded } = setup(
      { status: 400, body: { code: 'REQ/INVALID', msg: '参数错误', data: {} } },
      'tok',
    );
    await failure(client.post('/v/user/reg'));
    expect(storage.get('access_token')).toBe('tok');
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('a 200 whose code is not OK is a failure with the server msg', async () => {
    const { client } = setup({
      status: 200,
      body: { code: 'SYS/ERROR', msg: '系统繁忙', data: null },
    });
    const error = await failure(client.get('/x'));
    expect(error.message).toBe('系统繁忙');
    expect(error.kind).toBe('server');
  });

  it('recognises the user info and status calls in either path form', () => {
    expect(isSessionProbe('/api/user/info')).toBe(true);
    expect(isSessionProbe('/v/api/user/status?_t=2')).toBe(true);
    expect(isSessionProbe('/api/user/updatePassword')).toBe(false);
    expect(isSessionProbe('/api/user/information')).toBe(false);
  });
});
