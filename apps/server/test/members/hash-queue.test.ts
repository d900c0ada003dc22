// The shared hashing queue: a key with many tasks waits behind its own, never in front of others.
import { describe, expect, it } from 'vitest';
import {
  createFairQueue,
  hashEvents,
  HashQueueFull,
  type HashEvent,
} from '../../src/services/members/password.ts';

/** A task that runs until released, recording when it started. */
function gate(order: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    task: async () => {
      order.push(name);
      await done;
    },
    release,
  };
}

describe('fair hashing queue', () => {
  it('starts waiting tasks in turn across keys, not in arrival order', async () => {
    const q = createFairQueue({ slots: 1, queue: 100, perKey: 100 });
    const order: string[] = [];
    const first = gate(order, 'burst0');
    const run = (key: string, name: string) => q.run(key, async () => void order.push(name));
    const all = [
      q.run('ip:burst', first.task),
      ...Array.from({ length: 4 }, (_, i) => run('ip:burst', `burst${i + 1}`)),
      run('ip:alice', 'alice'),
      run('ip:bob', 'bob'),
      run('ip:alice', 'alice2'),
    ];
    first.release();
    await Promise.all(all);
    // burst0 was running when the rest arrived; then each waiting key gets a turn.
    expect(order).toEqual([
      'burst0',
      'burst1',
      'alice',
      'bob',
      'burst2',
      'alice2',
      'burst3',
      'burst4',
    ]);
  });

  it("bounds one key's share and the whole queue; 429-style refusal, not a longer wait", async () => {
    const q = createFairQueue({ slots: 1, queue: 4, perKey: 2 });
    const order: string[] = [];
    const first = gate(order, 'running');
    const running = q.run('ip:a', first.task);
    const waiting = [q.run('ip:a', async () => undefined), q.run('ip:a', async () => undefined)];
    await expect(q.run('ip:a', async () => undefined)).rejects.toBeInstanceOf(HashQueueFull);
    waiting.push(
      q.run('ip:b', async () => undefined),
      q.run('ip:c', async () => undefined),
    );
    expect(q.stats()).toEqual({ running: 1, waiting: 4, keys: 3 });
    await expect(q.run('ip:d', async () => undefined)).rejects.toBeInstanceOf(HashQueueFull);
    first.release();
    await Promise.all([running, ...waiting]);
    expect(q.stats()).toEqual({ running: 0, waiting: 0, keys: 0 });
  });

  it('publishes how many tasks are ahead of a newcomer', async () => {
    const q = createFairQueue({ slots: 1, queue: 100, perKey: 100 });
    const events: HashEvent[] = [];
    const listen = (m: unknown) => void events.push(m as HashEvent);
    hashEvents.subscribe(listen);
    try {
      const first = gate([], 'x');
      const jobs = [q.run('ip:burst', first.task)];
      for (let i = 0; i < 20; i++) jobs.push(q.run('ip:burst', async () => undefined));
      jobs.push(q.run('ip:alice', async () => undefined));
      jobs.push(q.run('ip:burst', async () => undefined));
      jobs.push(q.run('ip:alice', async () => undefined));
      const queued = events.filter((e) => e.phase === 'queued');
      // A newcomer waits for one turn of each key already waiting, however many tasks they hold.
      expect(queued.find((e) => e.key === 'ip:alice')).toEqual({
        phase: 'queued',
        key: 'ip:alice',
        ahead: 1,
      });
      expect(queued.at(-2)).toEqual({ phase: 'queued', key: 'ip:burst', ahead: 21 });
      expect(queued.at(-1)).toEqual({ phase: 'queued', key: 'ip:alice', ahead: 3 });
      first.release();
      await Promise.all(jobs);
      const starts = events.filter((e) => e.phase === 'start').map((e) => e.key);
      expect(starts.slice(0, 5)).toEqual([
        'ip:burst',
        'ip:burst',
        'ip:alice',
        'ip:burst',
        'ip:alice',
      ]);
    } finally {
      hashEvents.unsubscribe(listen);
    }
  });
});
