import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api/api-error';
import { configureStore } from '@reduxjs/toolkit';
import { rootReducer } from '@/shared/store/root-reducer';
import { storage } from '@/shared/storage/storage';
import { sessionEnded } from '@/shared/store/session-actions';
import { getProfile } from '../api/get-profile';
import { login as loginCall } from '../api/login';
import { register as registerCall } from '../api/register';
import { updatePassword } from '../api/update-password';
import { api } from '@/shared/api/http-client';
import {
  changeLoginPassword,
  changeWithdrawPassword,
  fetchProfile,
  login,
  logout,
  register,
  selectAuth,
} from './auth-slice';

vi.mock('../api/login', () => ({ login: vi.fn() }));
vi.mock('../api/register', () => ({ register: vi.fn() }));
vi.mock('../api/get-profile', () => ({ getProfile: vi.fn() }));
vi.mock('../api/update-password', () => ({ updatePassword: vi.fn() }));
vi.mock('@/shared/api/http-client', () => {
  const client = { get: vi.fn() };
  return { api: () => client, API_PREFIX: { versioned: '/v', v2: '/api/v2' } };
});

const PROFILE = {
  userInfo: {
    id: 7,
    username: 'alice',
    nickname: '爱丽丝',
    phone: '13812345678',
    avatar: '',
    rebate: 9,
    balance: 12345.6,
    hasWithdrawPassword: true,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  extInfo: { unreadMessages: 2, collections: 3 },
};
const DEFAULT_PROFILE = { extInfo: {}, userInfo: { rebate: 8 } };

const serverError = (status: number, code: string, message: string, data: unknown = null) =>
  new ApiError(message, { kind: 'http', status, code, data });

function setup() {
  const store = configureStore({ reducer: rootReducer });
  const auth = () => selectAuth(store.getState());
  return { store, auth };
}

describe('auth slice (spec §3–4)', () => {
  beforeEach(() => {
    vi.mocked(loginCall).mockReset();
    vi.mocked(registerCall).mockReset();
    vi.mocked(getProfile).mockReset();
    vi.mocked(updatePassword).mockReset();
  });

  it('starts with the default profile and is injected lazily', () => {
    const { store, auth } = setup();
    expect(auth().profile.data).toEqual(DEFAULT_PROFILE);
    expect(auth().hasWithdrawPassword).toBe(false);
    expect(auth().testLogin).toEqual({ error: null, processing: false });
    expect(auth().loginPassword).toEqual({
      newPassword: '',
      loading: false,
      data: null,
      error: null,
    });
    store.dispatch({ type: 'any' });
    expect(store.getState()).toHaveProperty('auth');
  });

  it('login: processing set, previous error cleared, token saved, processing cleared', async () => {
    const { store, auth } = setup();
    vi.mocked(loginCall).mockRejectedValueOnce(
      serverError(400, 'UC/BAD_CREDENTIALS', '用户名或密码错误'),
    );
    await store.dispatch(login({ username: 'alice', password: 'x' }));
    expect(auth().login).toEqual({ error: '用户名或密码错误', processing: false });

    let resolve!: (token: string) => void;
    vi.mocked(loginCall).mockReturnValueOnce(new Promise((r) => (resolve = r)));
    const pending = store.dispatch(login({ username: 'alice', password: 'right' }));
    expect(auth().login).toEqual({ error: null, processing: true });
    resolve('tok-123');
    await pending;
    expect(auth().login).toEqual({ error: null, processing: false });
    expect(storage.get('access_token')).toBe('tok-123');
  });

  it('login: a failure is re-thrown to the caller with the server words and fields', async () => {
    const { store, auth } = setup();
    vi.mocked(loginCall).mockRejectedValueOnce(
      serverError(400, 'REQ/INVALID', '请求参数有误', { username: '格式不正确' }),
    );
    await expect(store.dispatch(login({ username: 'a', password: 'b' })).unwrap()).rejects.toEqual({
      message: '请求参数有误',
      code: 'REQ/INVALID',
      status: 400,
      fields: { username: '格式不正确' },
    });
    expect(auth().login.processing).toBe(false);
    expect(storage.get('access_token')).toBeNull();
  });

  it('register: the server message is kept as the error; success signs in', async () => {
    const { store, auth } = setup();
    vi.mocked(registerCall).mockRejectedValueOnce(
      serverError(400, 'UC/USERNAME_TAKEN', '该用户名已被注册'),
    );
    await store.dispatch(register({ username: 'alice', password: 'violet-harbour-42' }));
    expect(auth().register).toEqual({ error: '该用户名已被注册', processing: false });
    vi.mocked(registerCall).mockResolvedValueOnce('tok-new');
    await store.dispatch(register({ username: 'alice2', password: 'violet-harbour-42' }));
    expect(auth().register).toEqual({ error: null, processing: false });
    expect(storage.get('access_token')).toBe('tok-new');
  });

  it('logout: calls the server, removes the three tokens, resets the profile, answers true', async () => {
    const { store, auth } = setup();
    vi.mocked(getProfile).mockResolvedValueOnce(PROFILE);
    await store.dispatch(fetchProfile());
    for (const key of ['access_token', 'chat_login_token', 'chat_token'] as const)
      storage.set(key, 'v');
    vi.mocked(api().get).mockResolvedValueOnce(true);
    expect(await store.dispatch(logout()).unwrap()).toBe(true);
    expect(api().get).toHaveBeenCalledWith('/v/user/logout');
    for (const key of ['access_token', 'chat_login_token', 'chat_token'] as const) {
      expect(storage.get(key)).toBeNull();
    }
    expect(auth().profile.data).toEqual(DEFAULT_PROFILE);
    expect(auth().hasWithdrawPassword).toBe(false);
  });

  it('logout: answers false when the server call fails, and still forgets the tokens', async () => {
    const { store } = setup();
    storage.set('access_token', 'v');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.mocked(api().get).mockRejectedValueOnce(new ApiError('网络异常', { kind: 'network' }));
    expect(await store.dispatch(logout()).unwrap()).toBe(false);
    expect(storage.get('access_token')).toBeNull();
  });

  it('profile fetch: stores the profile and the withdrawal-password flag', async () => {
    const { store, auth } = setup();
    vi.mocked(getProfile).mockResolvedValueOnce(PROFILE);
    const pending = store.dispatch(fetchProfile());
    expect(auth().profile.processing).toBe(true);
    await pending;
    expect(auth().profile).toEqual({ data: PROFILE, processing: false, error: null });
    expect(auth().hasWithdrawPassword).toBe(true);
  });

  it('profile fetch: 400 UC/TOKEN_INVALID resets the profile; other errors are only logged', async () => {
    const { store, auth } = setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.mocked(getProfile).mockResolvedValueOnce(PROFILE);
    await store.dispatch(fetchProfile());

    vi.mocked(getProfile).mockRejectedValueOnce(new ApiError('网络异常', { kind: 'network' }));
    await store.dispatch(fetchProfile());
    expect(auth().profile.data).toEqual(PROFILE);
    expect(auth().profile.error).toBe('网络异常');
    expect(warn).toHaveBeenCalled();

    vi.mocked(getProfile).mockRejectedValueOnce(serverError(400, 'UC/TOKEN_INVALID', '登录已失效'));
    await store.dispatch(fetchProfile());
    expect(auth().profile).toEqual({ data: DEFAULT_PROFILE, processing: false, error: null });
  });

  it('a session ended by the API client resets the profile', async () => {
    const { store, auth } = setup();
    vi.mocked(getProfile).mockResolvedValueOnce(PROFILE);
    await store.dispatch(fetchProfile());
    store.dispatch(sessionEnded());
    expect(auth().profile.data).toEqual(DEFAULT_PROFILE);
  });

  it('password changes store the result, or the server message as the error', async () => {
    const { store, auth } = setup();
    vi.mocked(updatePassword).mockResolvedValueOnce(true);
    const pending = store.dispatch(changeLoginPassword({ oldPassword: 'a', newPassword: 'b' }));
    expect(auth().loginPassword.loading).toBe(true);
    await pending;
    expect(auth().loginPassword).toEqual({
      newPassword: '',
      loading: false,
      data: true,
      error: null,
    });
    expect(updatePassword).toHaveBeenCalledWith({
      type: 'login',
      oldPassword: 'a',
      newPassword: 'b',
    });

    vi.mocked(updatePassword).mockRejectedValueOnce(
      serverError(400, 'UC/BAD_PASSWORD', '原密码错误'),
    );
    await store.dispatch(changeLoginPassword({ oldPassword: 'x', newPassword: 'b' }));
    expect(auth().loginPassword).toEqual({
      newPassword: '',
      loading: false,
      data: null,
      error: '原密码错误',
    });

    vi.mocked(updatePassword).mockResolvedValueOnce(true);
    await store.dispatch(changeWithdrawPassword({ newPassword: 'vault-door-9981' }));
    expect(auth().withdrawPassword.data).toBe(true);
    expect(auth().hasWithdrawPassword).toBe(true);

    vi.mocked(updatePassword).mockRejectedValueOnce(
      serverError(400, 'UC/BAD_PASSWORD', '密码过于常见'),
    );
    await store.dispatch(changeWithdrawPassword({ oldPassword: 'v', newPassword: '12345678' }));
    expect(auth().withdrawPassword.error).toBe('密码过于常见');
  });
});
