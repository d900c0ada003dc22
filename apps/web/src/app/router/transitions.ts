import { matchRoutes, type RouteObject, type To } from 'react-router';
import { isRouteHandle, type RouteHandle, type TransitionName } from './route-handle';

export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
  );
}

export function transitionOf(routes: RouteObject[], to: To): TransitionName {
  const pathname = typeof to === 'string' ? to.split(/[?#]/)[0] : to.pathname;
  if (!pathname) return 'none';
  const matches = matchRoutes(routes, pathname) ?? [];
  let handle: RouteHandle | undefined;
  for (const m of matches) if (isRouteHandle(m.route.handle)) handle = m.route.handle;
  return handle?.transition ?? 'default';
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
