/** A controllable IntersectionObserver for jsdom, which has none. */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly targets = new Set<Element>();
  readonly callback: IntersectionObserverCallback;
  readonly options: IntersectionObserverInit;
  constructor(callback: IntersectionObserverCallback, options: IntersectionObserverInit = {}) {
    this.callback = callback;
    this.options = options;
    FakeIntersectionObserver.instances.push(this);
  }
  observe(el: Element) {
    this.targets.add(el);
  }
  unobserve(el: Element) {
    this.targets.delete(el);
  }
  disconnect() {
    this.targets.clear();
  }
  takeRecords() {
    return [];
  }
  /** Reports `el` as scrolled into view to whichever observer watches it. */
  static show(el: Element) {
    for (const o of FakeIntersectionObserver.instances) {
      if (!o.targets.has(el)) continue;
      o.callback(
        [{ target: el, isIntersecting: true } as IntersectionObserverEntry],
        o as unknown as IntersectionObserver,
      );
    }
  }
  static install() {
    FakeIntersectionObserver.instances = [];
    globalThis.IntersectionObserver =
      FakeIntersectionObserver as unknown as typeof IntersectionObserver;
  }
}
