import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { image } from '@/test/gallery-fixtures';
import { ImageViewer } from './image-viewer';

function swipe(el: Element, dx: number, dy = 0) {
  fireEvent.pointerDown(el, { pointerId: 1, clientX: 200, clientY: 300 });
  fireEvent.pointerMove(el, { pointerId: 1, clientX: 200 + dx / 2, clientY: 300 + dy / 2 });
  fireEvent.pointerMove(el, { pointerId: 1, clientX: 200 + dx, clientY: 300 + dy });
  fireEvent.pointerUp(el, { pointerId: 1, clientX: 200 + dx, clientY: 300 + dy });
}

function tap(el: Element, at: number) {
  fireEvent.pointerDown(el, { pointerId: 1, clientX: 200, clientY: 300, timeStamp: at });
  fireEvent.pointerUp(el, { pointerId: 1, clientX: 200, clientY: 300, timeStamp: at });
}

describe('ImageViewer', () => {
  const setup = (props: { onPrev?: () => void; onNext?: () => void } = {}) => {
    render(<ImageViewer image={image('110-1')} alt="第 1 期资料图" sizes="100vw" {...props} />);
    return screen.getByRole('region', { name: /第 1 期资料图/ });
  };

  it('shows the picture under /sys-upload', () => {
    setup();
    expect(screen.getByRole('img', { name: '第 1 期资料图' })).toHaveAttribute(
      'src',
      '/sys-upload/demo/gallery/110-1-800.jpg',
    );
  });

  it('goes to the next issue on a left swipe and to the previous on a right swipe', () => {
    const onPrev = vi.fn();
    const onNext = vi.fn();
    const viewer = setup({ onPrev, onNext });
    swipe(viewer, -150);
    expect(onNext).toHaveBeenCalledTimes(1);
    swipe(viewer, 150);
    expect(onPrev).toHaveBeenCalledTimes(1);
    // A short or vertical move is neither.
    swipe(viewer, -20);
    swipe(viewer, -70, 200);
    expect(onNext).toHaveBeenCalledTimes(1);
  });

  it('moves with the arrow keys, and zooms with + and 0', () => {
    const onPrev = vi.fn();
    const onNext = vi.fn();
    const viewer = setup({ onPrev, onNext });
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    fireEvent.keyDown(viewer, { key: 'ArrowLeft' });
    expect(onNext).toHaveBeenCalledTimes(1);
    expect(onPrev).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(viewer, { key: '+' });
    expect(viewer.dataset.scale).toBe('1.50');
    fireEvent.keyDown(viewer, { key: '0' });
    expect(viewer.dataset.scale).toBe('1.00');
  });

  it('zooms on a double tap and does not swipe while zoomed', () => {
    const onNext = vi.fn();
    const viewer = setup({ onNext });
    tap(viewer, 1000);
    tap(viewer, 1150);
    expect(Number(viewer.dataset.scale)).toBeGreaterThan(1);
    swipe(viewer, -150);
    expect(onNext).not.toHaveBeenCalled();
    tap(viewer, 3000);
    tap(viewer, 3100);
    expect(viewer.dataset.scale).toBe('1.00');
  });

  it('pinches with two fingers', () => {
    const viewer = setup();
    fireEvent.pointerDown(viewer, { pointerId: 1, clientX: 150, clientY: 300 });
    fireEvent.pointerDown(viewer, { pointerId: 2, clientX: 250, clientY: 300 });
    fireEvent.pointerMove(viewer, { pointerId: 2, clientX: 350, clientY: 300 });
    fireEvent.pointerUp(viewer, { pointerId: 2, clientX: 350, clientY: 300 });
    fireEvent.pointerUp(viewer, { pointerId: 1, clientX: 150, clientY: 300 });
    expect(viewer.dataset.scale).toBe('2.00');
  });

  it('shows the error image when the picture fails', () => {
    setup();
    fireEvent.error(screen.getByRole('img', { name: '第 1 期资料图' }));
    expect(
      screen.getByRole('img', { name: '第 1 期资料图（图片加载失败）' }).getAttribute('src'),
    ).toMatch(/^data:image\/svg\+xml/);
  });
});
