import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { storage } from '@/shared/storage/storage';
import { selectSignedIn } from '@/shared/store/session-slice';
import { memberServer, PROFILE, refusal } from '@/test/member-server';
import { renderRoute } from '@/test/render-route';
import { storeOver } from '@/test/render-with-store';
import { authApi } from '../api/auth-api';
import { selectAuth, selectLogin, selectRegister } from './auth-slice';

// Member screens load through lazy routes: slower than the default 1 s.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 20_000 });

const DEFAULT_PROFILE = { extInfo: {}, userInfo: { rebate: 8 } };
const e = authApi.endpoints;

/** The page's real store over a fake server; the auth slice as the screens read it. */
function setup(server = memberServer()) {
  const store = storeOver(server);
  return { store, server, auth: () => selectAuth(store.getState()) };
}

describe('auth state (spec §3–4) through the query cache', () => {
  it('starts signed out with the default profile, or signed in when a token was stored', () => {
    const { store, auth } = setup();
    expect(auth().profile).toEqual({ data: DEFAULT_PROFILE, processing: false, error: null });
    expect(selectSignedIn(store.getState())).toBe(false);
    storage.set('access_token', 'tok');
    expect(selectSignedIn(setup().store.getState())).toBe(true);
  });

  it('login: processing while sent, token saved and the session started before it answers', async () => {
    const { store, server } = setup();
    const pending = store.dispatch(
      e.login.initiate({ username: 'alice', password: 'pw-12345678' }),
    );
    expect(selectLogin(store.getState())).toEqual({ processing: true, error: null });
    expect(await pending.unwrap()).toBe('tok-login');
    expect(selectLogin(store.getState())).toEqual({ processing: false, error: null });
    expect(storage.get('access_token')).toBe('tok-login');
    expect(selectSignedIn(store.getState())).toBe(true);
    expect(server.sent[0]).toMatchObject({
      call: 'POST /v/user/login',
      body: { username: 'alice', password: 'pw-12345678' },
    });
    // The next call carries the token.
    await store.dispatch(e.profile.initiate());
    expect(server.sent.at(-1)).toMatchObject({ call: 'GET /api/user/info', token: 'tok-login' });
  });

  it('login: a refusal keeps the server words as the error and rejects with its fields', async () => {
    const { store } = setup(
      memberServer({
        'POST /v/user/login': () =>
          refusal(400, 'UC/BAD_CREDENTIALS', '用户名或密码错误', { password: '用户名或密码错误' }),
      }),
    );
    await expect(
      store.dispatch(e.login.initiate({ username: 'alice', password: 'x' })).unwrap(),
    ).rejects.toMatchObject({
      message: '用户名或密码错误',
      data: { password: '用户名或密码错误' },
    });
    expect(selectLogin(store.getState())).toEqual({ processing: false, error: '用户名或密码错误' });
    expect(storage.get('access_token')).toBeNull();
    expect(selectSignedIn(store.getState())).toBe(false);
  });

  it('register: the server message is the error; success signs in, blank fields are left out', async () => {
    const server = memberServer({
      'POST /v/user/reg': () => refusal(400, 'UC/USERNAME_TAKEN', '该用户名已被注册'),
    });
    const { store } = setup(server);
    const input = { username: 'bob', password: 'pw-12345678', nickname: '', phone: '138' };
    await expect(store.dispatch(e.register.initiate(input)).unwrap()).rejects.toBeDefined();
    expect(selectRegister(store.getState())).toEqual({
      processing: false,
      error: '该用户名已被注册',
    });

    server.handlers['POST /v/user/reg'] = () => ({ token: 'tok-reg' });
    expect(await store.dispatch(e.register.initiate(input)).unwrap()).toBe('tok-reg');
    expect(selectRegister(store.getState())).toEqual({ processing: false, error: null });
    expect(storage.get('access_token')).toBe('tok-reg');
    expect(server.sent.at(-1)?.body).toEqual({
      username: 'bob',
      password: 'pw-12345678',
      phone: '138',
    });
  });

  it('profile: stored with the withdrawal-password flag; another failure is kept as the error', async () => {
    storage.set('access_token', 'tok');
    const server = memberServer();
    const { store, auth } = setup(server);
    const pending = store.dispatch(e.profile.initiate());
    expect(auth().profile.processing).toBe(true);
    await pending;
    expect(auth().profile).toEqual({ data: PROFILE, processing: false, error: null });
    expect(auth().hasWithdrawPassword).toBe(true);

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.handlers['GET /api/user/info'] = () => refusal(500, 'SYS/ERROR', '服务器繁忙');
    await store.dispatch(e.profile.initiate(undefined, { forceRefetch: true }));
    expect(auth().profile.error).toBe('服务器繁忙');
    expect(auth().profile.data).toEqual(PROFILE);
    expect(selectSignedIn(store.getState())).toBe(true);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('profile: 400 UC/TOKEN_INVALID resets the profile and signs out, without sending to sign-in', async () => {
    storage.set('access_token', 'tok');
    storage.set('chat_login_token', 'c1');
    const server = memberServer();
    const { store, auth } = setup(server);
    await store.dispatch(e.profile.initiate());
    expect(auth().profile.data).toEqual(PROFILE);

    server.handlers['GET /api/user/info'] = () => refusal(400, 'UC/TOKEN_INVALID', '登录已失效');
    await store.dispatch(e.profile.initiate(undefined, { forceRefetch: true }));
    expect(auth().profile).toEqual({ data: DEFAULT_PROFILE, processing: false, error: null });
    expect(auth().hasWithdrawPassword).toBe(false);
    expect(selectSignedIn(store.getState())).toBe(false);
    expect(storage.get('access_token')).toBeNull();
    expect(storage.get('chat_login_token')).toBeNull();
  });

  it('any call answered 401 ends the session in the store', async () => {
    storage.set('access_token', 'tok');
    const server = memberServer();
    const { store, auth } = setup(server);
    await store.dispatch(e.profile.initiate());
    server.handlers['POST /api/user/updateInfo'] = () =>
      refusal(401, 'UC/UNAUTHORIZED', '请先登录');
    await store.dispatch(e.updateProfile.initiate({ nickname: 'a', phone: '' }));
    expect(selectSignedIn(store.getState())).toBe(false);
    expect(auth().profile.data).toEqual(DEFAULT_PROFILE);
    expect(storage.get('access_token')).toBeNull();
  });

  it('a member call is not sent once the session has ended (it could only be refused)', async () => {
    storage.set('access_token', 'tok');
    const server = memberServer({
      'GET /api/user/info': () => refusal(400, 'UC/TOKEN_INVALID', '登录已失效'),
    });
    const { store } = setup(server);
    await store.dispatch(e.profile.initiate());
    expect(selectSignedIn(store.getState())).toBe(false);
    // As a screen's hook does when it subscribes to the failed entry: asked again.
    const again = await store.dispatch(e.profile.initiate(undefined, { forceRefetch: true }));
    expect(again.error).toMatchObject({ message: '登录已失效，请重新登录' });
    expect(server.sent.filter((s) => s.call === 'GET /api/user/info')).toHaveLength(1);
  });

  it('logout: removes the three tokens, resets the profile, answers true', async () => {
    for (const key of ['access_token', 'chat_login_token', 'chat_token'] as const) {
      storage.set(key, 'x');
    }
    const { store, auth, server } = setup();
    await store.dispatch(e.profile.initiate());
    expect(await store.dispatch(e.logout.initiate()).unwrap()).toBe(true);
    expect(server.sent.at(-1)).toMatchObject({ call: 'GET /v/user/logout', token: 'x' });
    for (const key of ['access_token', 'chat_login_token', 'chat_token'] as const) {
      expect(storage.get(key)).toBeNull();
    }
    expect(auth().profile.data).toEqual(DEFAULT_PROFILE);
    expect(selectSignedIn(store.getState())).toBe(false);
  });

  it('logout: answers false when the server call fails, and still forgets the tokens', async () => {
    storage.set('access_token', 'x');
    storage.set('chat_token', 'y');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { store } = setup(
      memberServer({ 'GET /v/user/logout': () => refusal(500, 'SYS/ERROR', '服务器繁忙') }),
    );
    expect(await store.dispatch(e.logout.initiate()).unwrap()).toBe(false);
    expect(storage.get('access_token')).toBeNull();
    expect(storage.get('chat_token')).toBeNull();
    expect(selectSignedIn(store.getState())).toBe(false);
    warn.mockRestore();
  });

  it('password changes: loading, the result, or the server message, per kind', async () => {
    storage.set('access_token', 'tok');
    const server = memberServer();
    const { store, auth } = setup(server);
    const pending = store.dispatch(
      e.updatePassword.initiate({ type: 'withdraw', newPassword: 'n-12345678' }),
    );
    expect(auth().withdrawPassword.loading).toBe(true);
    expect(auth().loginPassword.loading).toBe(false);
    await pending;
    expect(auth().withdrawPassword).toEqual({
      newPassword: '',
      loading: false,
      data: true,
      error: null,
    });
    expect(auth().hasWithdrawPassword).toBe(true);

    server.handlers['POST /api/user/updatePassword'] = () =>
      refusal(400, 'UC/BAD_PASSWORD', '原密码错误');
    await store.dispatch(
      e.updatePassword.initiate({ type: 'login', oldPassword: 'o', newPassword: 'n-12345678' }),
    );
    expect(auth().loginPassword).toEqual({
      newPassword: '',
      loading: false,
      data: null,
      error: '原密码错误',
    });
    // In the body, never in the URL.
    expect(server.sent.at(-1)).toMatchObject({
      call: 'POST /api/user/updatePassword',
      body: { type: 'login', oldPassword: 'o', newPassword: 'n-12345678' },
    });
  });
});

describe('member screens read the session from the store', () => {
  it('the guard sends a visitor to sign in, and back after signing in', async () => {
    const { router, server } = renderRoute('/collection?x=1', {
      server: memberServer({ 'GET /api/v2/collections': () => ({ items: [], total: 0 }) }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fcollection%3Fx%3D1');
    expect(server.calls.some((c) => c.startsWith('/api/v2/collections'))).toBe(false);

    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^用户名\*?$/), 'alice');
    await user.type(screen.getByLabelText(/^密码\*?$/), 'violet-harbour-42');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/collection'));
    expect(await screen.findByRole('heading', { name: '还没有收藏' })).toBeInTheDocument();
  });

  it('profile: signing out re-renders the screen as a visitor', async () => {
    storage.set('access_token', 'tok');
    const { store } = renderRoute('/profile', { server: memberServer() });
    expect(await screen.findByRole('heading', { name: '爱丽丝' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /我的消息（2 条未读）/ })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: '退出登录' }));
    expect(await screen.findByRole('heading', { name: '尚未登录' })).toBeInTheDocument();
    expect(selectSignedIn(store.getState())).toBe(false);
    expect(storage.get('access_token')).toBeNull();
  });

  it('profile: a dead token shows the visitor view (spec §8: only logged, no redirect)', async () => {
    storage.set('access_token', 'old');
    const { router } = renderRoute('/profile', {
      server: memberServer({
        'GET /api/user/info': () => refusal(400, 'UC/TOKEN_INVALID', '登录已失效'),
      }),
    });
    expect(await screen.findByRole('heading', { name: '尚未登录' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });
});
