import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeIntersectionObserver } from '@/test/intersection-observer';
import { ERROR_IMAGE, LazyImage } from './lazy-image';

describe('LazyImage', () => {
  const original = globalThis.IntersectionObserver;
  beforeEach(() => FakeIntersectionObserver.install());
  afterEach(() => {
    globalThis.IntersectionObserver = original;
  });

  const frame = (c: HTMLElement) => c.querySelector('.kj-lazy-image') as HTMLElement;

  it('loads only once in view, with rootMargin 0px and threshold 0 (spec §9)', () => {
    const { container } = render(
      <LazyImage src="gallery/1.png" alt="第 1 期" width={240} height={320} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(frame(container).dataset.state).toBe('waiting');
    const observer = FakeIntersectionObserver.instances.at(-1)!;
    expect(observer.options).toMatchObject({ rootMargin: '0px', threshold: 0 });
    act(() => FakeIntersectionObserver.show(frame(container)));
    const img = screen.getByRole('img', { name: '第 1 期' });
    // Spec §7: a relative upload path is served under /sys-upload/.
    expect(img).toHaveAttribute('src', '/sys-upload/gallery/1.png');
    expect(frame(container).dataset.state).toBe('loading');
    fireEvent.load(img);
    expect(frame(container).dataset.state).toBe('loaded');
    expect(frame(container).style.aspectRatio).toBe('240 / 320');
  });

  it('shows the error image when the picture cannot load', () => {
    const { container } = render(
      <LazyImage src="/sys-upload/missing.png" alt="封面" width={360} height={200} eager />,
    );
    fireEvent.error(screen.getByRole('img', { name: '封面' }));
    expect(frame(container).dataset.state).toBe('error');
    expect(screen.getByRole('img', { name: '封面（图片加载失败）' })).toHaveAttribute(
      'src',
      ERROR_IMAGE,
    );
  });

  it('treats a missing path as a failed image', () => {
    render(<LazyImage src="" alt="无图" width={10} height={10} />);
    expect(screen.getByRole('img', { name: '无图（图片加载失败）' })).toBeInTheDocument();
  });

  it('loads at once where IntersectionObserver does not exist', () => {
    // @ts-expect-error: old browsers
    delete globalThis.IntersectionObserver;
    render(<LazyImage src="https://cdn.example.com/a.png" alt="外链" width={10} height={10} />);
    expect(screen.getByRole('img', { name: '外链' })).toHaveAttribute(
      'src',
      'https://cdn.example.com/a.png',
    );
  });
});
