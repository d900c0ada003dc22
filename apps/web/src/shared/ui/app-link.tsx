import {
  createContext,
  forwardRef,
  useContext,
  type ComponentProps,
  type MouseEvent,
} from 'react';
import { Link, NavLink, useNavigate, type NavigateOptions, type To } from 'react-router';

/**
 * Whether moving to `to` animates with the View Transitions API. The app knows each route's
 * transition name and provides the answer; by default nothing animates.
 */
export const TransitionPolicyContext = createContext<(to: To) => boolean>(() => false);

type LinkProps = ComponentProps<typeof Link>;

/** A click the router would take over: the main button, no modifier, the link's own tab. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/**
 * The click handler of an app link: where the target screen animates, it navigates with a view
 * transition itself; otherwise the router's link does as usual. The policy is asked on click,
 * not on render: asking matches the route table, and a screen renders many links.
 */
function useAnimatedClick(props: LinkProps) {
  const animate = useContext(TransitionPolicyContext);
  const navigate = useNavigate();
  const { onClick, to, replace, state, preventScrollReset, relative, reloadDocument, target } =
    props;
  return (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || reloadDocument || !isPlainClick(event, target)) return;
    if (!animate(to)) return;
    event.preventDefault();
    void navigate(to, {
      // As the router's link does: a link to where the visitor already is replaces that entry.
      replace: replace ?? event.currentTarget.href === window.location.href,
      state,
      preventScrollReset,
      relative,
      viewTransition: true,
    });
  };
}

export const AppLink = forwardRef<HTMLAnchorElement, LinkProps>(function AppLink(props, ref) {
  const onClick = useAnimatedClick(props);
  return <Link ref={ref} {...props} onClick={onClick} />;
});

export const AppNavLink = forwardRef<HTMLAnchorElement, ComponentProps<typeof NavLink>>(
  function AppNavLink(props, ref) {
    const onClick = useAnimatedClick(props as LinkProps);
    return <NavLink ref={ref} {...props} onClick={onClick} />;
  },
);

export function useAppNavigate(): (to: To, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const animate = useContext(TransitionPolicyContext);
  return (to, options) => {
    void navigate(to, { viewTransition: animate(to), ...options });
  };
}
