import { createContext, forwardRef, useContext, type ComponentProps } from 'react';
import { Link, NavLink, useNavigate, type NavigateOptions, type To } from 'react-router';

/**
 * Whether moving to `to` animates with the View Transitions API. The app knows each route's
 * transition name and provides the answer; by default nothing animates.
 */
export const TransitionPolicyContext = createContext<(to: To) => boolean>(() => false);

export const AppLink = forwardRef<HTMLAnchorElement, ComponentProps<typeof Link>>(
  function AppLink(props, ref) {
    const animate = useContext(TransitionPolicyContext);
    return <Link ref={ref} viewTransition={animate(props.to)} {...props} />;
  },
);

export const AppNavLink = forwardRef<HTMLAnchorElement, ComponentProps<typeof NavLink>>(
  function AppNavLink(props, ref) {
    const animate = useContext(TransitionPolicyContext);
    return <NavLink ref={ref} viewTransition={animate(props.to)} {...props} />;
  },
);

export function useAppNavigate(): (to: To, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const animate = useContext(TransitionPolicyContext);
  return (to, options) => {
    void navigate(to, { viewTransition: animate(to), ...options });
  };
}
