import type { AdminSeries } from '@kaijiang/domain';
import { configureStore } from '@reduxjs/toolkit';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleApi } from '../../shared/api';
import { translate } from '../../shared/i18n';
import { SeriesForm } from './series-form';
import { checkSeries, draftOf } from './series-rules';

const t = translate.bind(null, 'zh-Hans');
const games = [
  { id: 110, name: '新澳门六合彩' },
  { id: 111, name: '香港六合彩' },
];
const store = () =>
  configureStore({
    reducer: { [consoleApi.reducerPath]: consoleApi.reducer },
    middleware: (d) => d().concat(consoleApi.middleware),
  });

const saved: AdminSeries = {
  id: 7,
  gameId: 111,
  name: '马会传真',
  initials: 'mhcz',
  modes: 'both',
  cover: null,
  latestIssue: null,
  updatedAt: '2026-11-28T00:00:00.000Z',
  isNew: false,
  views: 0,
  likes: 0,
  issueCount: 0,
  position: 3,
  hidden: true,
  comments: 0,
};

/** The server's answers, in order; each call's method, address and body are kept. */
function answers(...bodies: { status: number; body: unknown }[]) {
  const calls: [string, string, unknown][] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push([init.method ?? 'GET', url, JSON.parse(String(init.body))]);
      const next = bodies.shift()!;
      return new Response(JSON.stringify(next.body), { status: next.status });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the series rules', () => {
  it('says in Chinese what is wrong with each field', () => {
    const d = { ...draftOf(null, 110), name: '  ', position: '1.5', coverIssue: '2026-1' };
    expect(checkSeries(d, t).errors).toEqual({
      name: '请填写名称',
      position: '排序须为 -100000 到 100000 之间的整数',
      coverIssue: '封面期号只能是数字，最多 16 位',
    });
    const long = { ...draftOf(null, 110), name: '图'.repeat(21) };
    expect(checkSeries(long, t).errors).toEqual({ name: '名称最多 20 个字' });
    expect(checkSeries({ ...long, position: '100001' }, t).errors?.position).toBeTruthy();
  });

  it('sends the trimmed name, the order as a number, and no cover when none is given', () => {
    const d = { ...draftOf(null, 111), name: ' 马会传真 ', modes: 'both' as const, position: '' };
    expect(checkSeries(d, t).input).toEqual({
      gameId: 111,
      name: '马会传真',
      modes: 'both',
      position: 0,
      hidden: false,
    });
    expect(checkSeries({ ...d, coverIssue: '2026120' }, t).input?.coverIssue).toBe('2026120');
  });
});

describe('the series form', () => {
  it('shows a wrong field at the field and sends nothing', async () => {
    const calls = answers();
    render(
      <Provider store={store()}>
        <SeriesForm series={null} gameId={110} games={games} onSaved={vi.fn()} onClose={vi.fn()} />
      </Provider>,
    );
    await userEvent.click(screen.getByRole('button', { name: '创建图集' }));
    const name = screen.getByRole('textbox', { name: '名称' });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('请填写名称');
    expect(calls).toEqual([]);
  });

  it('creates a series with what was typed, and keeps it when the server refuses', async () => {
    const calls = answers(
      {
        status: 400,
        body: { code: 'REQ/INVALID', msg: '名称已存在', data: { name: '名称已存在' } },
      },
      { status: 200, body: { code: 'OK', msg: 'ok', data: saved } },
    );
    const onSaved = vi.fn();
    render(
      <Provider store={store()}>
        <SeriesForm series={null} gameId={110} games={games} onSaved={onSaved} onClose={vi.fn()} />
      </Provider>,
    );
    await userEvent.type(screen.getByRole('textbox', { name: '名称' }), '马会传真');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '彩种' }), '111');
    await userEvent.click(screen.getByRole('radio', { name: '彩色和黑白' }));
    await userEvent.clear(screen.getByRole('textbox', { name: '排序' }));
    await userEvent.type(screen.getByRole('textbox', { name: '排序' }), '3');
    await userEvent.click(screen.getByRole('checkbox', { name: '隐藏（访客看不到这个图集）' }));
    await userEvent.click(screen.getByRole('button', { name: '创建图集' }));
    expect(await screen.findByText('名称已存在')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '名称' })).toHaveValue('马会传真');
    expect(onSaved).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: '创建图集' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    const input = { gameId: 111, name: '马会传真', modes: 'both', position: 3, hidden: true };
    expect(calls).toEqual([
      ['POST', '/app-api/admin/gallery/series', input],
      ['POST', '/app-api/admin/gallery/series', input],
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('已创建图集“马会传真”');
  });

  it('edits a series in place and says 已保存', async () => {
    const calls = answers({ status: 200, body: { code: 'OK', msg: 'ok', data: saved } });
    render(
      <Provider store={store()}>
        <SeriesForm series={saved} gameId={111} games={games} onSaved={vi.fn()} onClose={vi.fn()} />
      </Provider>,
    );
    expect(screen.getByRole('heading', { name: '编辑图集：马会传真' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: '彩色和黑白' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: '隐藏（访客看不到这个图集）' }));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('status')).toHaveTextContent('已保存');
    expect(calls).toEqual([
      [
        'PUT',
        '/app-api/admin/gallery/series/7',
        { gameId: 111, name: '马会传真', modes: 'both', position: 3, hidden: false },
      ],
    ]);
  });
});
