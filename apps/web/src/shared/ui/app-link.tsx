import {
  createContext,
  forwardRef,
  useContext,
  type ComponentPropsWithoutRef,
  type MouseEvent,
} from 'react';
import { useHref, useNavigate, type NavigateOptions, type To } from 'react-router';

/**
 * Whether moving to `to` animates with the View Transitions API. The app knows each route's
 * transition name and provides the answer; by default nothing animates.
 */
export const TransitionPolicyContext = createContext<(to: To) => boolean>(() => false);

export type AppLinkProps = Omit<ComponentPropsWithoutRef<'a'>, 'href'> & {
  to: To;
  /** Replace the current history entry (by default only a link to where the visitor is does). */
  replace?: boolean;
  state?: unknown;
};

/** A click the app takes over: the main button, no modifier, the link's own tab. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/**
 * A link between the app's screens: a plain anchor with the router's href (a new tab, a copied
 * address and a visitor without JavaScript all work), taken over on a plain click. The router's
 * own <Link> runs some ten hooks per link, and a screen renders dozens of links while a slow
 * phone takes a server-rendered page over; this one runs two. Whether the move animates (a view
 * transition) is asked on click, not on render: asking matches the route table.
 */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink(
  { to, replace, state, onClick, target, ...rest },
  ref,
) {
  const href = useHref(to);
  const navigate = useNavigate();
  const animate = useContext(TransitionPolicyContext);
  return (
    <a
      ref={ref}
      href={href}
      target={target}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event, target)) return;
        event.preventDefault();
        void navigate(to, {
          // As the router's own link: a link to where the visitor already is replaces that entry.
          replace: replace ?? event.currentTarget.href === window.location.href,
          state,
          viewTransition: animate(to),
        });
      }}
    />
  );
});

export function useAppNavigate(): (to: To, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const animate = useContext(TransitionPolicyContext);
  return (to, options) => {
    void navigate(to, { viewTransition: animate(to), ...options });
  };
}
