import { configureStore } from '@reduxjs/toolkit';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleApi, type ApiFailure } from './api';
import { ReauthProvider, useReauth } from './reauth';

const store = () =>
  configureStore({
    reducer: { [consoleApi.reducerPath]: consoleApi.reducer },
    middleware: (d) => d().concat(consoleApi.middleware),
  });

const reauthRequired: ApiFailure = {
  status: 403,
  code: 'ADMIN/REAUTH_REQUIRED',
  msg: '',
  fields: {},
};

function Runner({
  action,
  onDone,
}: {
  action: () => Promise<string>;
  onDone: (r: string) => void;
}) {
  const { guard } = useReauth();
  return (
    <button
      type="button"
      onClick={() => void guard(action).then(onDone, (e: ApiFailure) => onDone(`failed ${e.code}`))}
    >
      run
    </button>
  );
}

const session = {
  operator: { id: 1, username: 'boss', role: 'owner', totp: true, disabled: false, createdAt: '' },
  stage: 'full',
  reauthUntil: '2030-01-01T00:00:00Z',
  expiresAt: '2030-01-01T00:00:00Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('re-authentication before a dangerous action', () => {
  it('asks for the password when the server wants it, then runs the action once more', async () => {
    const calls: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push([url, JSON.parse(String(init.body))]);
        return new Response(JSON.stringify({ code: 'OK', msg: 'ok', data: session }), {
          status: 200,
        });
      }),
    );
    const action = vi.fn().mockRejectedValueOnce(reauthRequired).mockResolvedValueOnce('published');
    const done = vi.fn();
    render(
      <Provider store={store()}>
        <ReauthProvider>
          <Runner action={action} onDone={done} />
        </ReauthProvider>
      </Provider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'run' }));
    const dialog = await screen.findByRole('dialog', { name: '请再次验证身份' });
    expect(dialog).toBeVisible();
    await userEvent.type(screen.getByLabelText('密码'), 'harbour-violet-2026');
    await userEvent.click(screen.getByRole('button', { name: '验证并继续' }));
    await waitFor(() => expect(done).toHaveBeenCalledWith('published'));
    expect(action).toHaveBeenCalledTimes(2);
    expect(calls).toEqual([['/app-api/admin/console/reauth', { password: 'harbour-violet-2026' }]]);
  });

  it('gives up (the action fails as it did) when the operator cancels', async () => {
    const action = vi.fn().mockRejectedValue(reauthRequired);
    const done = vi.fn();
    render(
      <Provider store={store()}>
        <ReauthProvider>
          <Runner action={action} onDone={done} />
        </ReauthProvider>
      </Provider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'run' }));
    await userEvent.click(await screen.findByRole('button', { name: '取消' }));
    await waitFor(() => expect(done).toHaveBeenCalledWith('failed ADMIN/REAUTH_REQUIRED'));
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('leaves other failures alone', async () => {
    const other: ApiFailure = {
      status: 400,
      code: 'REQ/INVALID',
      msg: '号码本期已开出',
      fields: {},
    };
    const done = vi.fn();
    render(
      <Provider store={store()}>
        <ReauthProvider>
          <Runner action={() => Promise.reject(other)} onDone={done} />
        </ReauthProvider>
      </Provider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'run' }));
    await waitFor(() => expect(done).toHaveBeenCalledWith('failed REQ/INVALID'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
