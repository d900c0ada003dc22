import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationHost } from './notification-host';
import { NOTIFICATION_MS, notify, resetNotices } from './notifications';

describe('notifications', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetNotices();
  });
  afterEach(() => vi.useRealTimers());

  it('shows a notification as a status and closes it after 4.5 s', () => {
    render(<NotificationHost />);
    act(() => {
      notify({ title: '新澳门六合彩 第2026325期 开奖结果', body: '07 12 23 34 45 46 + 33' });
    });
    const card = screen.getByRole('status');
    expect(card).toHaveTextContent('新澳门六合彩 第2026325期 开奖结果');
    expect(card).toHaveTextContent('07 12 23 34 45 46 + 33');
    act(() => vi.advanceTimersByTime(NOTIFICATION_MS - 1));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
    expect(NOTIFICATION_MS).toBe(4500);
  });

  it('can be dismissed at once', async () => {
    vi.useRealTimers();
    render(<NotificationHost closeLabel="关闭" />);
    act(() => {
      notify({ title: 'A' });
    });
    await userEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
