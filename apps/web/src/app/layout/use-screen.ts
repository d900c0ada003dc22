import { useLayoutEffect, useRef } from 'react';
import { useLocation, useMatches, useNavigationType } from 'react-router';
import { currentHandle, type RouteHandle } from '../router/route-handle';
import { transitionAttribute } from '../router/transitions';

/** The handle of the screen on display, and the transition name written to `<html>` for the CSS. */
export function useScreen(): RouteHandle | undefined {
  const handle = currentHandle(useMatches());
  const location = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef<RouteHandle | undefined>(undefined);

  useLayoutEffect(() => {
    const name = transitionAttribute(
      handle?.transition,
      previous.current?.transition,
      navigationType === 'POP',
    );
    document.documentElement.dataset.kjTransition = name;
    previous.current = handle;
  }, [location.key, handle, navigationType]);

  return handle;
}
