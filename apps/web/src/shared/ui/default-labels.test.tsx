import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../i18n/locale';
import { ErrorNotice } from './error-notice';
import { LazyImage } from './lazy-image';
import { NotificationHost } from './notification-host';
import { notify, resetNotices } from './notifications';
import { Skeleton } from './skeleton';

describe('default labels follow the language', () => {
  afterEach(() => {
    act(() => setLocale('zh-Hans'));
    resetNotices();
  });

  it('error notice: the retry button', () => {
    render(<ErrorNotice message="x" onRetry={() => {}} />);
    expect(screen.getByRole('button', { name: '重新加载' })).toBeInTheDocument();
    act(() => setLocale('zh-Hant'));
    expect(screen.getByRole('button', { name: '重新載入' })).toBeInTheDocument();
  });

  it('error notice: a label given by the screen wins', () => {
    act(() => setLocale('zh-Hant'));
    render(<ErrorNotice message="x" onRetry={() => {}} retryLabel="重試" />);
    expect(screen.getByRole('button', { name: '重試' })).toBeInTheDocument();
  });

  it('skeleton: the loading announcement', () => {
    render(<Skeleton />);
    expect(screen.getByRole('status')).toHaveTextContent('加载中…');
    act(() => setLocale('zh-Hant'));
    expect(screen.getByRole('status')).toHaveTextContent('載入中…');
  });

  it('notification host: the close button', () => {
    act(() => setLocale('zh-Hant'));
    render(<NotificationHost />);
    act(() => {
      notify({ title: 'A' });
    });
    expect(screen.getByRole('button', { name: '關閉' })).toBeInTheDocument();
  });

  it('lazy image: the failed-image alt', () => {
    act(() => setLocale('zh-Hant'));
    render(<LazyImage src="" alt="封面" width={10} height={10} />);
    expect(screen.getByRole('img', { name: '封面（圖片載入失敗）' })).toBeInTheDocument();
  });
});
