/**
 * One IntersectionObserver for all the tiles of a chart (a 500-row chart on a phone has eighty):
 * each tile hears whether it is within `margin` of the chart's scrolling window.
 */
export class TileWatcher {
  private io: IntersectionObserver | null = null;
  private readonly heard = new Map<Element, (near: boolean) => void>();

  private readonly root: () => Element | null;
  private readonly margin: string;

  constructor(root: () => Element | null, margin: string) {
    this.root = root;
    this.margin = margin;
  }

  /** Calls `onChange` as `el` comes near or goes away; returns the stop. */
  watch(el: Element, onChange: (near: boolean) => void): () => void {
    if (typeof IntersectionObserver !== 'function') return () => {};
    this.io ??= new IntersectionObserver(
      (entries) => {
        for (const e of entries) this.heard.get(e.target)?.(e.isIntersecting);
      },
      { root: this.root(), rootMargin: this.margin },
    );
    this.heard.set(el, onChange);
    this.io.observe(el);
    return () => {
      this.heard.delete(el);
      this.io?.unobserve(el);
    };
  }

  disconnect() {
    this.io?.disconnect();
    this.io = null;
    this.heard.clear();
  }
}
