/**
 * Token buckets by key (a member, an address), bounded in number: a flood of new keys evicts the
 * oldest, never grows the map past `maxKeys`.
 */
export class Buckets {
  readonly #burst: number;
  readonly #everyMs: number;
  readonly #maxKeys: number;
  readonly #state = new Map<string, { tokens: number; at: number }>();

  constructor(burst: number, everyMs: number, maxKeys = 50_000) {
    this.#burst = burst;
    this.#everyMs = everyMs;
    this.#maxKeys = maxKeys;
  }

  /** Takes one token; the ms to wait when there is none (0 = taken). */
  take(key: string, now: number): number {
    let s = this.#state.get(key);
    if (s) this.#state.delete(key);
    else {
      if (this.#state.size >= this.#maxKeys) this.#state.delete(this.#state.keys().next().value!);
      s = { tokens: this.#burst, at: now };
    }
    // Re-inserted: the map's order is the order of last use.
    this.#state.set(key, s);
    s.tokens = Math.min(this.#burst, s.tokens + (now - s.at) / this.#everyMs);
    s.at = now;
    if (s.tokens < 1) return Math.ceil((1 - s.tokens) * this.#everyMs);
    s.tokens -= 1;
    return 0;
  }

  get size(): number {
    return this.#state.size;
  }
}
