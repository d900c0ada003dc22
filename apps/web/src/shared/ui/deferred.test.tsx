import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Deferred, keepServerMarkup } from './deferred';

afterEach(() => vi.useRealTimers());

describe('Deferred', () => {
  it('renders its part at once when the page has no server markup for it', () => {
    render(
      <Deferred id="part">
        <p>real</p>
      </Deferred>,
    );
    expect(screen.getByText('real')).toBeInTheDocument();
  });

  it("keeps the server's markup through the first render, then builds the part", () => {
    vi.useFakeTimers();
    const server = document.createElement('div');
    server.innerHTML = '<div data-deferred="part"><p>from the server</p></div>';
    keepServerMarkup(server);
    render(
      <Deferred id="part" className="x">
        <p>real</p>
      </Deferred>,
    );
    expect(screen.getByText('from the server')).toBeInTheDocument();
    expect(screen.queryByText('real')).toBeNull();
    act(() => vi.runAllTimers());
    expect(screen.getByText('real')).toBeInTheDocument();
    expect(screen.queryByText('from the server')).toBeNull();
    expect(screen.getByText('real').parentElement).toHaveClass('kj-deferred', 'x');
  });

  it('uses kept markup once: a later mount builds the part at once', () => {
    vi.useFakeTimers();
    const server = document.createElement('div');
    server.innerHTML = '<div data-deferred="once"><p>old</p></div>';
    keepServerMarkup(server);
    const first = render(<Deferred id="once">new</Deferred>);
    first.unmount();
    render(<Deferred id="once">new</Deferred>);
    expect(screen.getByText('new')).toBeInTheDocument();
    act(() => vi.runAllTimers());
  });

  it('builds parts that wait together one per task', () => {
    vi.useFakeTimers();
    const server = document.createElement('div');
    server.innerHTML = ['a', 'b', 'c']
      .map((id) => `<div data-deferred="row-${id}"><p>server ${id}</p></div>`)
      .join('');
    keepServerMarkup(server);
    render(
      <>
        {['a', 'b', 'c'].map((id) => (
          <Deferred key={id} id={`row-${id}`}>
            <p>{`real ${id}`}</p>
          </Deferred>
        ))}
      </>,
    );
    const built = () => screen.queryAllByText(/^real/).length;
    expect(built()).toBe(0);
    act(() => vi.advanceTimersToNextTimer());
    expect(built()).toBe(1);
    act(() => vi.advanceTimersToNextTimer());
    expect(built()).toBe(2);
    act(() => vi.runAllTimers());
    expect(built()).toBe(3);
  });
});
