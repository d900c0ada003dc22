import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/shared/i18n';
import { renderRoute } from '@/test/render-route';

describe('not-found screen', () => {
  afterEach(() => act(() => setLocale('zh-Hans')));

  it('speaks Traditional Chinese after the switch', async () => {
    renderRoute('/no/such/page');
    expect(await screen.findByText('没有找到这个页面')).toBeInTheDocument();
    act(() => setLocale('zh-Hant'));
    expect(
      await screen.findByRole('heading', { level: 1, name: '頁面不存在' }),
    ).toBeInTheDocument();
    expect(screen.getByText('沒有找到這個頁面')).toBeInTheDocument();
    expect(
      screen.getByText('地址 /no/such/page 不存在，可能已經移動或輸入有誤。'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回首頁' })).toHaveAttribute('href', '/game/110');
    expect(screen.getByRole('link', { name: '瀏覽全部功能' })).toBeInTheDocument();
  });
});
