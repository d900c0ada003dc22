import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Deferred, hydrateInParts } from './deferred';

afterEach(() => vi.useRealTimers());

// Preact keeps the server's markup of a waiting part while it hydrates; that path runs in the
// browser (e2e/tests/ssr.spec.ts). Here: the turns, which are the same whatever renders them.
describe('Deferred', () => {
  it('renders its part at once outside a hydration, in a box of its own kind', () => {
    render(
      <Deferred id="part" className="x">
        <p>real</p>
      </Deferred>,
    );
    const box = screen.getByText('real').parentElement!;
    expect(box.localName).toBe('kj-part');
    expect(box).toHaveClass('x');
    expect(box).toHaveAttribute('data-part', 'part');
  });

  it('during a hydration gives the parts their turns one task at a time, in page order', async () => {
    vi.useFakeTimers();
    const done = vi.fn();
    hydrateInParts(done);
    render(
      <>
        {['a', 'b', 'c'].map((id) => (
          <Deferred key={id} id={`row-${id}`}>
            <p>{`real ${id}`}</p>
          </Deferred>
        ))}
      </>,
    );
    const built = () => screen.queryAllByText(/^real/).map((el) => el.textContent);
    expect(built()).toEqual([]);
    await act(async () => void vi.advanceTimersToNextTimer());
    expect(built()).toEqual(['real a']);
    await act(async () => void vi.advanceTimersToNextTimer());
    expect(built()).toEqual(['real a', 'real b']);
    expect(done).not.toHaveBeenCalled();
    await act(async () => void (await vi.runAllTimersAsync()));
    expect(built()).toEqual(['real a', 'real b', 'real c']);
    expect(done).toHaveBeenCalledOnce();

    // Once every part has had its turn, the hydration is over: a part mounted later (another
    // screen) renders at once.
    render(<Deferred id="later">now</Deferred>);
    expect(screen.getByText('now')).toBeInTheDocument();
  });

  it('tells a hydration without parts that it is over after its own task', async () => {
    vi.useFakeTimers();
    const done = vi.fn();
    hydrateInParts(done);
    await Promise.resolve();
    expect(done).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(done).toHaveBeenCalledOnce();
  });
});
