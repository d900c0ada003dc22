import { lazy } from 'react';

// The desktop side menu is a chunk of its own: a phone never shows it, so its first load carries
// none of it. The server renders it with side-menu-slot.server.ts (a static import).
const load = () => import('./side-menu').then((m) => ({ default: m.SideMenu }));

// A wide screen asks for it at once, so that taking the server's menu over does not wait for it.
if (typeof matchMedia === 'function' && matchMedia('(min-width: 1024px)').matches) void load();

export const SideMenu = lazy(load);
// The desktop header's member links come with it (a phone's header has none).
export const HeaderAccount = lazy(() =>
  import('./side-menu').then((m) => ({ default: m.HeaderAccount })),
);
