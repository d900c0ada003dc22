import { matchRoutes, type RouteObject, type To } from 'react-router';
import { isRouteHandle, type RouteHandle, type TransitionName } from './route-handle';

let reducedMotion: MediaQueryList | null | undefined;

export function prefersReducedMotion(): boolean {
  if (typeof window === 'undefined') return false;
  // One query list, kept: it follows the setting, and asking matchMedia again costs each time.
  reducedMotion ??= window.matchMedia?.('(prefers-reduced-motion: reduce)') ?? null;
  return !!reducedMotion?.matches;
}

// Every link asks while rendering, and matching ranks the whole route table each time: a screen
// with twenty links paid for twenty rankings on a slow phone. Answers are kept per path.
const known = new WeakMap<RouteObject[], Map<string, TransitionName>>();
const KNOWN_PATHS = 500;

export function transitionOf(routes: RouteObject[], to: To): TransitionName {
  const pathname = typeof to === 'string' ? to.split(/[?#]/)[0] : to.pathname;
  if (!pathname) return 'none';
  let byPath = known.get(routes);
  if (!byPath) known.set(routes, (byPath = new Map()));
  const cached = byPath.get(pathname);
  if (cached) return cached;
  const matches = matchRoutes(routes, pathname) ?? [];
  let handle: RouteHandle | undefined;
  for (const m of matches) if (isRouteHandle(m.route.handle)) handle = m.route.handle;
  const name = handle?.transition ?? 'default';
  if (byPath.size < KNOWN_PATHS) byPath.set(pathname, name);
  return name;
}

/** The View Transitions API is used when the browser has it, motion is welcome and the route animates. */
export function shouldAnimate(routes: RouteObject[], to: To): boolean {
  if (typeof document === 'undefined' || !('startViewTransition' in document)) return false;
  if (prefersReducedMotion()) return false;
  return transitionOf(routes, to) !== 'none';
}

/**
 * The name the CSS animates with. Set while React commits the new screen (inside the view
 * transition's update callback), so the pseudo-elements pick it up.
 */
export function transitionAttribute(
  entered: TransitionName | undefined,
  left: TransitionName | undefined,
  isBack: boolean,
): string {
  if (isBack) return left === 'overlay-back' ? 'overlay-back' : 'back';
  if (entered === 'overlay-back') return 'overlay';
  return entered ?? 'default';
}
