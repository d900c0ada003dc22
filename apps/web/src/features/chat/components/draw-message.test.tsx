import type { ChatMessage, DrawSnapshot } from '@kaijiang/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { latestApi } from '@/shared/live/latest-api';
import { fakeServer } from '@/test/fixtures';
import { renderWithStore } from '@/test/render-with-store';
import { ChatMessageRow } from './chat-message';

const snap = (numbers: string[], status: DrawSnapshot['status'] = 'drawing'): DrawSnapshot => ({
  gameId: 110,
  issue: '2026325',
  status,
  numbers,
  drawAt: '2026-11-21T13:32:00.000Z',
  nextIssue: '2026326',
  nextDrawAt: '2026-11-22T13:32:00.000Z',
  serverTime: '2026-11-21T13:32:05.000Z',
});

const said = (issue: string): ChatMessage => ({
  id: 9,
  room: 'game-110',
  user: { id: 0, nickname: '开奖播报', avatar: '', role: 'system' },
  text: `第 ${issue} 期 开奖中`,
  at: '2026-11-21T13:32:05.000Z',
  draw: { gameId: 110, issue },
});

const row = (m: ChatMessage) => (
  <ul>
    <ChatMessageRow
      message={m}
      me={null}
      moderator={false}
      onImage={() => {}}
      onNotice={() => {}}
    />
  </ul>
);

async function shown(m: ChatMessage, draw: DrawSnapshot) {
  const server = fakeServer({ 'GET /api/v2/draws/latest': () => draw });
  const view = renderWithStore(row(m), { server });
  await view.store.dispatch(latestApi.endpoints.latestDraws.initiate(110));
  return view;
}

describe('the room’s message about a draw', () => {
  it('is the draw itself while the screen follows it: the balls out so far and seats for the rest', async () => {
    const { container } = await shown(said('2026325'), snap(['07', '12', '19']));
    expect(await screen.findByText('开奖中')).toBeTruthy();
    expect(container.querySelectorAll('.kj-dball .kj-ball')).toHaveLength(3);
    expect(container.querySelectorAll('.kj-dball--seat')).toHaveLength(4);
    expect(screen.queryByText('第 2026325 期 开奖中')).toBeNull();
  });

  it('is its text for a draw the screen does not follow', async () => {
    const { container } = await shown(said('2026324'), snap(['07', '12', '19']));
    expect(await screen.findByText('第 2026324 期 开奖中', { exact: false })).toBeTruthy();
    expect(container.querySelectorAll('.kj-ball')).toHaveLength(0);
  });
});
