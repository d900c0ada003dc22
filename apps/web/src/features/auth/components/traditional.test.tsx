import { act, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/shared/i18n';
import { storage } from '@/shared/storage/storage';
import { memberServer, PROFILE } from '@/test/member-server';
import { renderRoute } from '@/test/render-route';

// The first render loads the screen's chunk through the lazy route: slower than the default 1 s.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 20_000 });

/** Only the screen's own text: the shell around it has its own tests. */
function textOf(selector: string): string {
  return document.querySelector(selector)?.textContent ?? '';
}

describe('auth screens in Traditional Chinese', () => {
  beforeEach(() => {
    act(() => setLocale('zh-Hant'));
  });
  afterEach(() => {
    act(() => setLocale('zh-Hans'));
  });

  it('sign-in: labels, validation and the spec §8 failure text', async () => {
    // A failure without the server's words: the spec's text for its status, in this language.
    const server = memberServer({
      'POST /v/user/login': () => new Response('socket hang up', { status: 502 }),
    });
    renderRoute('/auth/login', { server });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '登入' }));
    expect(screen.getByText('請輸入用戶名')).toBeInTheDocument();
    expect(screen.getByText('請輸入密碼')).toBeInTheDocument();
    expect(textOf('.kj-auth')).toContain('歡迎回來');
    expect(textOf('.kj-auth')).toContain('還沒有帳號？立即註冊');

    await user.type(screen.getByLabelText('用戶名'), 'alice');
    await user.type(screen.getByLabelText('密碼'), 'violet-harbour-42');
    await user.click(screen.getByRole('button', { name: '登入' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('請求失敗，狀態碼 502');
    for (const simplified of ['欢迎回来', '用户名', '密码', '登录', '请输入', '账号', '注册']) {
      expect(textOf('.kj-auth')).not.toContain(simplified);
    }
  });

  it('registration: field rules in Traditional', async () => {
    renderRoute('/auth/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^用戶名\*?$/), 'ab');
    await user.click(screen.getByRole('button', { name: '註冊並登入' }));
    expect(await screen.findAllByText('用戶名至少4個字符')).not.toHaveLength(0);
    expect(screen.getAllByText('請輸入密碼')).not.toHaveLength(0);
    expect(screen.getByPlaceholderText('讓大家怎麼稱呼你')).toBeInTheDocument();
    expect(screen.getByLabelText(/^手機號碼選填$/)).toBeInTheDocument();
    for (const simplified of ['创建账号', '用户名', '密码', '个字符', '选填', '登录']) {
      expect(textOf('.kj-auth')).not.toContain(simplified);
    }
  });

  it('profile: switches language on screen', async () => {
    act(() => setLocale('zh-Hans'));
    renderRoute('/profile');
    expect(await screen.findByRole('heading', { name: '尚未登录' })).toBeInTheDocument();
    act(() => setLocale('zh-Hant'));
    // Found, not got: on a loaded machine the switch's render can land after act returns.
    const heading = await screen.findByRole('heading', { name: '尚未登入' });
    const text = heading.closest('.kj-stack')?.textContent ?? '';
    expect(screen.getByRole('list', { name: '會員功能' })).toBeInTheDocument();
    for (const word of ['登入後可收藏內容', '註冊', '個人資料', '修改密碼', '聯繫客服']) {
      expect(text, word).toContain(word);
    }
    for (const simplified of ['尚未登录', '个人资料', '修改密码', '设置', '联系客服', '注册']) {
      expect(text).not.toContain(simplified);
    }
  });

  it('change password: tabs, fields and the confirmation rule', async () => {
    storage.set('access_token', 'tok');
    const server = memberServer({
      'GET /api/user/info': () => ({
        userInfo: { ...PROFILE.userInfo, hasWithdrawPassword: false },
        extInfo: PROFILE.extInfo,
      }),
    });
    renderRoute('/change-password', { server });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^原密碼\*?$/), 'old-password-1');
    await user.type(screen.getByLabelText(/^新密碼\*?$/), 'copper-lantern-77');
    await user.type(screen.getByLabelText(/^確認新密碼\*?$/), 'copper-lantern-78');
    await user.click(screen.getByRole('button', { name: '確認修改' }));
    expect(await screen.findAllByText('兩次輸入的新密碼不一致')).not.toHaveLength(0);
    expect(server.sent.some((c) => c.call === 'POST /api/user/updatePassword')).toBe(false);
    expect(screen.getByRole('tablist', { name: '密碼類型' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '資金密碼' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '設置資金密碼' })).toBeVisible());
    const text = textOf('.kj-account');
    expect(text).toContain('你還沒有設置資金密碼');
    for (const simplified of ['登录密码', '资金密码', '新密码', '设置', '确认']) {
      expect(text).not.toContain(simplified);
    }
  });
});
