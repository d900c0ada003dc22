import { createContext, useContext, useEffect } from 'react';

/** Lets a screen replace the header's title (e.g. with the game's name); the app provides it. */
export const PageTitleContext = createContext<(title: string | null) => void>(() => {});

export function usePageTitle(title: string | null | undefined): void {
  const set = useContext(PageTitleContext);
  useEffect(() => {
    set(title ?? null);
    return () => set(null);
  }, [set, title]);
}
