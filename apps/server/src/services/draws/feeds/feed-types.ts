import type { FeedKind, PrizeInput } from '@kaijiang/domain';

/** One draw as a feed gives it, checked and in our terms. */
export interface FeedDraw {
  issue: string;
  /** ISO, UTC. */
  drawAt: string;
  /** Revealed so far: six regular numbers, then the special ("01"–"49"). */
  numbers: string[];
  /** All seven are final (the feed says the result is published). */
  complete: boolean;
  /**
   * False when the feed gives the six regular numbers sorted rather than in draw order (hkjc):
   * then only the set of them can be compared.
   */
  ordered: boolean;
  prizes?: PrizeInput;
  /** The feed's own zodiac per ball (Simplified), when it gives them: checked against ours. */
  zodiacs?: string[];
}

/** What the official feed says of the next draw. */
export interface FeedUpcoming {
  issue: string;
  drawAt: string | null;
  estimatedPrize: number | null;
  salesCloseAt: string | null;
}

export interface FeedLatest {
  /** Newest first; the first may be partial (a draw under way). */
  draws: FeedDraw[];
  upcoming?: FeedUpcoming;
}

/** A feed of one game. Every method throws FeedError on anything but a usable answer. */
export interface FeedClient {
  readonly kind: FeedKind;
  latest(): Promise<FeedLatest>;
  /** Finished draws from `from` to `until` (inclusive), oldest first; at most `max`. */
  since(from: Date, until: Date, max: number): Promise<FeedDraw[]>;
}

export const FEED_TIMEOUT_MS = 5_000;
/** Far above any answer we ask for (a year of a daily game's draws is ~100 KB). */
export const FEED_MAX_BYTES = 1024 * 1024;
/** Draws a single answer may hold: a year of a daily game, with room. */
export const FEED_MAX_ITEMS = 400;
