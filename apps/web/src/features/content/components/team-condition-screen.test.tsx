import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/shared/i18n';
import { fakeServer } from '@/test/fixtures';
import { renderWithStore } from '@/test/render-with-store';
import { TeamConditionScreen } from './team-condition-screen';

function renderTeam() {
  const server = fakeServer({
    'GET /api/v2/team-conditions': () => [
      { id: 1, tier: '铜牌', requirement: '日均访问 1000', benefit: '开奖数据接口' },
    ],
  });
  return renderWithStore(<TeamConditionScreen />, { server });
}

describe('team conditions', () => {
  afterEach(() => act(() => setLocale('zh-Hans')));

  it('labels the table, the actions and the server rows in Traditional Chinese', async () => {
    act(() => setLocale('zh-Hant'));
    renderTeam();
    const tier = await screen.findByRole('rowheader', { name: '铜牌' });
    expect(tier).toHaveAttribute('data-label', '等級');
    expect(screen.getByRole('heading', { name: '合作等級與條件' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '合作權益' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '申請合作' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看接口說明' })).toBeInTheDocument();
    expect(await screen.findByText('日均訪問 1000')).toBeInTheDocument();

    expect(screen.queryByRole('heading', { name: '合作等级与条件' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: '等级' })).toBeNull();
    expect(screen.queryByRole('link', { name: '在线留言' })).toBeNull();
    expect(screen.getByRole('link', { name: '在線留言' })).toBeInTheDocument();
  });

  it('keeps its Simplified words by default', async () => {
    renderTeam();
    expect(await screen.findByRole('rowheader', { name: '铜牌' })).toHaveAttribute(
      'data-label',
      '等级',
    );
    expect(screen.getByRole('heading', { name: '合作等级与条件' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '在线留言' })).toBeInTheDocument();
  });
});
