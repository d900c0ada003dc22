import type { ChatMessage } from '@kaijiang/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyFrame, emptyRoom, KEPT_MESSAGES, merge } from './room-view';

const msg = (id: number, room = 'game-110'): ChatMessage => ({
  id,
  room,
  user: { id: 1, nickname: 'a', avatar: '', role: 'member' },
  text: `m${id}`,
  at: new Date(0).toISOString(),
});

describe('room view', () => {
  it('holds any mix of messages sorted by id, once each, at most KEPT_MESSAGES', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 1, max: 2_000 }), { maxLength: 200 }), {
          maxLength: 5,
        }),
        (batches) => {
          const view = emptyRoom('game-110');
          for (const b of batches)
            merge(
              view,
              b.map((id) => msg(id)),
            );
          const ids = view.messages.map((m) => m.id);
          const unique = [...new Set(batches.flat())].sort((a, b) => a - b);
          expect(ids).toEqual(unique.slice(-KEPT_MESSAGES));
          if (unique.length > KEPT_MESSAGES) expect(view.hasOlder).toBe(true);
        },
      ),
    );
  });

  it('follows the frames of its room only', () => {
    const view = emptyRoom('game-110');
    applyFrame(view, { type: 'message', room: 'game-110', message: msg(2) });
    applyFrame(view, { type: 'message', room: 'lobby', message: msg(3, 'lobby') });
    applyFrame(view, { type: 'message', room: 'game-110', message: msg(1) });
    expect(view.messages.map((m) => m.id)).toEqual([1, 2]);
    applyFrame(view, { type: 'removed', room: 'game-110', messageId: 1 });
    expect(view.messages.map((m) => m.id)).toEqual([2]);
    applyFrame(view, { type: 'online', room: 'lobby', online: 9 });
    applyFrame(view, { type: 'joined', room: 'game-110', online: 4 });
    expect(view.online).toBe(4);
    applyFrame(view, { type: 'muted', until: '2030-01-01T00:00:00.000Z' });
    expect(view.mutedUntil).toBe('2030-01-01T00:00:00.000Z');
    applyFrame(view, { type: 'ready', user: null });
    expect(view.mutedUntil).toBeNull();
  });
});
