import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/shared/storage/storage';
import { memberServer, PROFILE, refusal } from '@/test/member-server';
import { renderRoute } from '@/test/render-route';

// The first render loads the screen's chunk through the lazy route: slower than the default 1 s.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 20_000 });

const taken = () =>
  refusal(400, 'UC/USERNAME_TAKEN', '该用户名已被注册', { username: '该用户名已被注册' });

/** The calls of one kind the fake server was sent. */
const sentTo = (server: ReturnType<typeof memberServer>, call: string) =>
  server.sent.filter((s) => s.call === call);

describe('registration form (spec §5 messages)', () => {
  let server = memberServer();
  beforeEach(() => {
    server = memberServer();
  });

  it('says "请输入${label}" for empty required fields and sends nothing', async () => {
    renderRoute('/auth/register', { server });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '注册并登录' }));
    expect(await screen.findAllByText('请输入用户名')).not.toHaveLength(0);
    expect(screen.getAllByText('请输入密码')).not.toHaveLength(0);
    expect(screen.getByLabelText(/^用户名\*?$/)).toHaveFocus();
    expect(screen.getByLabelText(/^用户名\*?$/)).toHaveAttribute('aria-invalid', 'true');
    expect(sentTo(server, 'POST /v/user/reg')).toHaveLength(0);
  });

  it('says "${label}至少${min}个字符" with the server limits, and checks the format', async () => {
    renderRoute('/auth/register', { server });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^用户名\*?$/), 'ab');
    await user.type(screen.getByLabelText(/^密码\*?$/), 'short');
    await user.type(screen.getByLabelText(/^手机号/), 'call me');
    await user.click(screen.getByRole('button', { name: '注册并登录' }));
    expect(await screen.findAllByText('用户名至少4个字符')).not.toHaveLength(0);
    expect(screen.getAllByText('密码至少8个字符')).not.toHaveLength(0);
    expect(screen.getAllByText('请输入正确的手机号')).not.toHaveLength(0);
    await user.clear(screen.getByLabelText(/^用户名\*?$/));
    await user.type(screen.getByLabelText(/^用户名\*?$/), 'bad name!');
    await user.click(screen.getByRole('button', { name: '注册并登录' }));
    expect(await screen.findAllByText('用户名只能包含字母、数字和下划线')).not.toHaveLength(0);
    expect(sentTo(server, 'POST /v/user/reg')).toHaveLength(0);
  });

  it('shows the server message on its field and keeps everything typed', async () => {
    server.handlers['POST /v/user/reg'] = taken;
    renderRoute('/auth/register', { server });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^用户名\*?$/), 'alice_01');
    await user.type(screen.getByLabelText(/^密码\*?$/), 'violet-harbour-42');
    await user.click(screen.getByRole('button', { name: '注册并登录' }));
    await waitFor(() => expect(sentTo(server, 'POST /v/user/reg')).toHaveLength(1));
    expect(await screen.findByRole('alert')).toHaveTextContent('该用户名已被注册');
    expect(screen.getByLabelText(/^用户名\*?$/)).toHaveValue('alice_01');
    expect(screen.getByLabelText(/^密码\*?$/)).toHaveValue('violet-harbour-42');
    expect(storage.get('access_token')).toBeNull();
  });

  it('signs in on success and goes to the profile', async () => {
    server.handlers['POST /v/user/reg'] = () => ({ token: 'tok-1' });
    server.hold('/api/user/info');
    const { router } = renderRoute('/auth/register', { server });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^用户名\*?$/), 'alice_02');
    await user.type(screen.getByLabelText(/^密码\*?$/), 'violet-harbour-42');
    await user.click(screen.getByRole('button', { name: '注册并登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(sentTo(server, 'POST /v/user/reg')[0]?.body).toEqual({
      username: 'alice_02',
      password: 'violet-harbour-42',
    });
    expect(storage.get('access_token')).toBe('tok-1');
  });
});

describe('sign-in form', () => {
  it('validates, keeps the input after a failure and shows the server words', async () => {
    const server = memberServer({
      'POST /v/user/login': () => refusal(400, 'UC/BAD_CREDENTIALS', '用户名或密码错误'),
    });
    renderRoute('/auth/login', { server });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '登录' }));
    expect(screen.getByText('请输入用户名')).toBeInTheDocument();
    expect(screen.getByLabelText(/^用户名\*?$/)).toHaveFocus();
    await user.type(screen.getByLabelText(/^用户名\*?$/), 'alice');
    await user.type(screen.getByLabelText(/^密码\*?$/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('用户名或密码错误');
    expect(screen.getByLabelText(/^用户名\*?$/)).toHaveValue('alice');
    expect(screen.getByLabelText(/^密码\*?$/)).toHaveValue('wrong-password');
  });

  it('takes a short wait the server asks for (another sign-in from the same address) and signs in', async () => {
    let calls = 0;
    const server = memberServer({
      'POST /v/user/login': () => {
        calls += 1;
        if (calls > 1) return { token: 'tok-busy' };
        const busy = refusal(429, 'REQ/RATE_LIMITED', '上一次尝试尚未完成，请稍后再试');
        busy.headers.set('retry-after', '1');
        return busy;
      },
    });
    server.hold('/api/user/info');
    const { router } = renderRoute('/auth/login', { server });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^用户名\*?$/), 'alice');
    await user.type(screen.getByLabelText(/^密码\*?$/), 'violet-harbour-42');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(storage.get('access_token')).toBe('tok-busy'), { timeout: 4000 });
    expect(calls).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(router.state.location.pathname).not.toBe('/auth/login');
  });

  it('shows a lockout as it is, without waiting it out', async () => {
    let calls = 0;
    const server = memberServer({
      'POST /v/user/login': () => {
        calls += 1;
        const locked = refusal(429, 'REQ/RATE_LIMITED', '尝试次数过多，请 15 分钟后再试');
        locked.headers.set('retry-after', '900');
        return locked;
      },
    });
    renderRoute('/auth/login', { server });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^用户名\*?$/), 'alice');
    await user.type(screen.getByLabelText(/^密码\*?$/), 'violet-harbour-42');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('尝试次数过多');
    expect(calls).toBe(1);
  });

  it('shows why the visitor was sent here', async () => {
    const { router } = renderRoute('/game/110');
    await router.navigate('/auth/login', { state: { notice: '登录已失效，请重新登录' } });
    expect(await screen.findByRole('status', { name: '' })).toBeDefined();
    expect(screen.getByText('登录已失效，请重新登录')).toBeInTheDocument();
  });
});

describe('change password', () => {
  it('asks for the old password, checks the confirmation, shows the server message', async () => {
    storage.set('access_token', 'tok');
    const server = memberServer({
      'GET /api/user/info': () => ({
        userInfo: { ...PROFILE.userInfo, hasWithdrawPassword: false },
        extInfo: PROFILE.extInfo,
      }),
      'POST /api/user/updatePassword': () =>
        refusal(400, 'UC/BAD_PASSWORD', '原密码错误', { oldPassword: '原密码错误' }),
    });
    renderRoute('/change-password', { server });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^原密码\*?$/), 'old-password-1');
    await user.type(screen.getByLabelText(/^新密码\*?$/), 'copper-lantern-77');
    await user.type(screen.getByLabelText(/^确认新密码\*?$/), 'copper-lantern-78');
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findAllByText('两次输入的新密码不一致')).not.toHaveLength(0);
    expect(sentTo(server, 'POST /api/user/updatePassword')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^确认新密码\*?$/));
    await user.type(screen.getByLabelText(/^确认新密码\*?$/), 'copper-lantern-77');
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    await waitFor(() =>
      expect(sentTo(server, 'POST /api/user/updatePassword')[0]?.body).toEqual({
        type: 'login',
        oldPassword: 'old-password-1',
        newPassword: 'copper-lantern-77',
      }),
    );
    expect(await screen.findAllByText('原密码错误')).not.toHaveLength(0);
    expect(screen.getByLabelText(/^新密码\*?$/)).toHaveValue('copper-lantern-77');

    // Success empties the form.
    server.handlers['POST /api/user/updatePassword'] = () => true;
    await user.clear(screen.getByLabelText(/^原密码\*?$/));
    await user.type(screen.getByLabelText(/^原密码\*?$/), 'old-password-2');
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    await waitFor(() => expect(screen.getByLabelText(/^新密码\*?$/)).toHaveValue(''));

    // The withdrawal tab sets a first password without asking for an old one.
    await user.click(screen.getByRole('tab', { name: '资金密码' }));
    expect(await screen.findByRole('button', { name: '设置资金密码' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^原密码\*?$/)).toBeNull();
  });
});

describe('personal details form', () => {
  it('has the nickname and phone of registration, with the same checks, and saves them', async () => {
    storage.set('access_token', 'tok');
    const server = memberServer();
    renderRoute('/user-information', { server });
    const user = userEvent.setup();
    const nickname = await screen.findByLabelText(/^昵称选填$/);
    expect(nickname).toHaveValue('爱丽丝');
    expect(nickname).toHaveAccessibleDescription('留空则显示用户名');
    const phone = screen.getByLabelText(/^手机号选填$/);
    await user.clear(phone);
    await user.type(phone, 'call me');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findAllByText('请输入正确的手机号')).not.toHaveLength(0);
    expect(phone).toHaveFocus();
    expect(sentTo(server, 'POST /api/user/updateInfo')).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '13900001111');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(sentTo(server, 'POST /api/user/updateInfo')[0]?.body).toEqual({
        nickname: '爱丽丝',
        phone: '13900001111',
      }),
    );
  });
});
