import type { UIMatch } from 'react-router';
import type { MessageKey } from '@/shared/i18n';

/**
 * How a screen is entered (spec §2): `default` slides in from the right, `overlay-back` rises as a
 * sheet and sinks when left, `none` swaps without animation; `back` is what going back plays.
 */
export type TransitionName = 'default' | 'back' | 'overlay-back' | 'none';

export interface RouteHandle {
  title: MessageKey;
  transition: TransitionName;
  requiresAuth?: boolean;
  /** Show a back button in the header (screens below the tab level). */
  back?: boolean;
  /** Screens that take the whole height (sign-in): no tab bar. */
  bare?: boolean;
  /** false: the server sends the start-up loader instead of rendering this screen. */
  serverRender?: false;
  /**
   * The query parameters the screen reads. The server renders (and keeps) one page per path and
   * these: any other parameter gets the same page, so the screen must not read it while rendering.
   */
  query?: readonly string[];
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return !!value && typeof value === 'object' && 'title' in value && 'transition' in value;
}

/** The deepest matched route's handle: that is the screen on display. */
export function currentHandle(matches: readonly UIMatch[]): RouteHandle | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}
