import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/shared/i18n';
import { RouteError } from './route-error';

describe('route error', () => {
  afterEach(() => act(() => setLocale('zh-Hans')));

  it('tells a failed screen in Traditional Chinese', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    act(() => setLocale('zh-Hant'));
    const router = createMemoryRouter(
      [
        {
          path: '/',
          errorElement: <RouteError />,
          loader: () => {
            throw new Error('chunk failed');
          },
          element: null,
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: '頁面載入失敗' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('網絡可能不穩定，或網站剛剛更新。請重新整理頁面重試。'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新整理頁面' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回首頁' })).toBeInTheDocument();
  });
});
