import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getLocale, setLocale } from '@/shared/i18n';
import { storage } from '@/shared/storage/storage';
import { selectCompany } from '@/shared/store/selectors';
import { initTheme } from '@/shared/ui/theme';
import { renderRoute } from '@/test/render-route';
import { renderWithStore } from '@/test/render-with-store';
import { clearCache } from '../model/clear-cache';
import { ApiAddressForm } from './api-address-form';
import { SettingScreen } from './setting-screen';

const LABELS = {
  title: '接口地址',
  missing: '请填写接口地址',
  invalid: '地址无效',
  save: '保存',
  hint: '提示',
};

describe('settings', () => {
  it('stores the theme and applies it to <html data-theme>', async () => {
    initTheme();
    renderWithStore(<SettingScreen appBuild={false} />);
    const user = userEvent.setup();
    expect(screen.getByRole('radio', { name: '跟随系统' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '深色' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(storage.get('theme')).toBe('dark');
    // The copy the page's head reads before the first paint.
    expect(document.cookie).toMatch(/(?:^|; )theme=dark(?:;|$)/);
    await user.click(screen.getByRole('radio', { name: '浅色' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(document.cookie).toMatch(/(?:^|; )theme=light(?:;|$)/);
    // Only the app build asks for an API address.
    expect(screen.queryByLabelText('接口地址')).toBeNull();
  });

  it('app build: the API address is required and gets /app-api appended', async () => {
    const reload = vi.fn();
    render(<ApiAddressForm labels={LABELS} reload={reload} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(screen.getByRole('alert')).toHaveTextContent('请填写接口地址');
    expect(screen.getByLabelText('接口地址')).toHaveFocus();
    expect(reload).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('接口地址'), 'https://api.example.com/');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(storage.get('apiUrl')).toBe('https://api.example.com/app-api');
    expect(screen.getByLabelText('接口地址')).toHaveValue('https://api.example.com/app-api');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('picking 繁體中文 turns the whole screen Traditional', async () => {
    renderWithStore(<SettingScreen appBuild />);
    const user = userEvent.setup();
    try {
      await user.click(screen.getByRole('radio', { name: '繁體中文' }));
      expect(getLocale()).toBe('zh-Hant');
      for (const name of ['語言', '外觀', '快取', '介面位址']) {
        expect(screen.getByRole('heading', { name })).toBeInTheDocument();
      }
      expect(screen.getByRole('radio', { name: '跟隨系統' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: '清除快取' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: '儲存並重新載入' })).toBeInTheDocument();
      expect(screen.getByRole('list', { name: '關於' })).toHaveTextContent('關於我們免責聲明');
      // Each language keeps its own name, so 简体中文 stays findable.
      expect(screen.getByRole('radio', { name: '简体中文' })).toBeInTheDocument();
      const text = document.body.textContent ?? '';
      for (const simplified of [
        '语言',
        '外观',
        '跟随系统',
        '缓存',
        '接口地址',
        '当前版本',
        '关于',
      ]) {
        expect(text).not.toContain(simplified);
      }
    } finally {
      act(() => setLocale('zh-Hans'));
    }
  });

  it('clear cache keeps the session and the visitor choices', async () => {
    localStorage.setItem('access_token', 't');
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('something_cached', 'x');
    sessionStorage.setItem('s', '1');
    expect(await clearCache()).toBe(2);
    expect(localStorage.getItem('access_token')).toBe('t');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(localStorage.getItem('something_cached')).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('clear cache empties the query cache, and the site data loads again', async () => {
    const { store, server } = renderRoute('/setting');
    await waitFor(() => expect(selectCompany(store.getState())?.name).toBe('开奖网'));
    const asked = server.calls.filter((c) => c === 'company/kj.json').length;
    server.hold('company/kj.json');
    await userEvent.setup().click(await screen.findByRole('button', { name: '清除缓存' }));
    // Emptied at once: nothing of the old answers is shown while the new ones come.
    await waitFor(() => expect(selectCompany(store.getState())).toBeNull());
    server.release('company/kj.json');
    await waitFor(() => expect(selectCompany(store.getState())?.name).toBe('开奖网'));
    expect(server.calls.filter((c) => c === 'company/kj.json')).toHaveLength(asked + 1);
  });
});
