import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type To } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppLink, TransitionPolicyContext } from './app-link';

/** A router on /from whose screen shows `links`; /animated is the only target that animates. */
function setup(links: ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/from', element: links },
      { path: '/animated', element: <p>animated screen</p> },
      { path: '/plain', element: <p>plain screen</p> },
    ],
    { initialEntries: ['/from'] },
  );
  const navigate = vi.spyOn(router, 'navigate');
  const policy = vi.fn((to: To) => to === '/animated');
  render(
    <TransitionPolicyContext.Provider value={policy}>
      <RouterProvider router={router} />
    </TransitionPolicyContext.Provider>,
  );
  return { router, navigate, policy };
}

describe('AppLink', () => {
  it('asks the transition policy on click, not while rendering', () => {
    const { policy } = setup(
      <>
        <AppLink to="/animated">a</AppLink>
        <AppLink to="/plain">b</AppLink>
      </>,
    );
    expect(policy).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('b'));
    expect(policy).toHaveBeenCalledWith('/plain');
  });

  it('navigates to an animated screen with a view transition', async () => {
    const { navigate, router } = setup(<AppLink to="/animated">go</AppLink>);
    fireEvent.click(screen.getByText('go'));
    expect(navigate).toHaveBeenCalledWith(
      '/animated',
      expect.objectContaining({ viewTransition: true, replace: false }),
    );
    expect(await screen.findByText('animated screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/animated');
  });

  it('navigates to other screens without one, and leaves clicks with a modifier to the browser', async () => {
    const { navigate } = setup(
      <>
        <AppLink to="/plain">plain</AppLink>
        <AppLink to="/animated">new tab</AppLink>
      </>,
    );
    fireEvent.click(screen.getByText('new tab'), { ctrlKey: true });
    expect(navigate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('plain'));
    expect(await screen.findByText('plain screen')).toBeInTheDocument();
    expect(navigate).toHaveBeenCalledWith(
      '/plain',
      expect.objectContaining({ viewTransition: false }),
    );
  });

  it('is an anchor with the address of its screen', () => {
    setup(
      <AppLink to="/plain?x=1" className="c" aria-current="page">
        here
      </AppLink>,
    );
    const a = screen.getByRole('link', { name: 'here' });
    expect(a).toHaveAttribute('href', '/plain?x=1');
    expect(a).toHaveClass('c');
    expect(a).toHaveAttribute('aria-current', 'page');
  });

  it("lets the caller's own handler cancel the navigation", () => {
    const { navigate } = setup(
      <AppLink to="/animated" onClick={(e) => e.preventDefault()}>
        go
      </AppLink>,
    );
    fireEvent.click(screen.getByText('go'));
    expect(navigate).not.toHaveBeenCalled();
  });
});
