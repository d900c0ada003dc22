import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/shared/i18n';
import { COMPANY, fakeServer } from '@/test/fixtures';
import { renderWithStore } from '@/test/render-with-store';
import { ContactScreen } from './contact-screen';
import { DisclaimerScreen } from './disclaimer-screen';

describe('company screens in Traditional Chinese', () => {
  afterEach(() => act(() => setLocale('zh-Hans')));

  it('switches the contact screen between the two scripts', async () => {
    // The company record comes from the fake server's data files (test/fixtures).
    renderWithStore(<ContactScreen />);
    expect(await screen.findByRole('region', { name: '在线客服' })).toBeInTheDocument();
    act(() => setLocale('zh-Hant'));
    expect(screen.getByRole('region', { name: '在線客服' })).toHaveTextContent(
      '帳號、開獎數據或合作問題，都可以直接諮詢在線客服。',
    );
    expect(screen.getByRole('link', { name: '打開在線客服' })).toHaveAttribute(
      'href',
      COMPANY.onlineServiceUrl,
    );
    const channels = screen.getByRole('region', { name: '聯繫方式' });
    expect(channels).toHaveTextContent('郵箱');
    expect(channels).toHaveTextContent('service@example.com');
  });

  it('says a failed load and its retry in Traditional Chinese', async () => {
    act(() => setLocale('zh-Hant'));
    renderWithStore(<ContactScreen />, { server: fakeServer({}, {}) });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '聯繫方式載入失敗，請檢查網絡後重試',
    );
    expect(screen.getByRole('button', { name: '重新載入' })).toBeInTheDocument();
    expect(screen.getByText('在線客服暫未開通，請通過下方方式聯繫我們。')).toBeInTheDocument();
  });

  it('heads the disclaimer in Traditional Chinese', async () => {
    act(() => setLocale('zh-Hant'));
    renderWithStore(<DisclaimerScreen />);
    expect(await screen.findByRole('region', { name: '使用條款與免責聲明' })).toHaveTextContent(
      '免責聲明正文',
    );
  });
});
