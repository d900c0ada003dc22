import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { loadShellWords } from '@/shared/i18n';
import { GameSocketClient } from '@/shared/live/socket-client';
import { setSocketFactory } from '@/shared/live/live-feed';
import { FakeSocket } from './fake-socket';

// Screens with live draws never reach for the network in unit tests: a socket that stays
// "connecting" unless a test drives it; HTTP goes to the store's fake server (test/fixtures).
// Tests switch language synchronously: both dictionaries are there from the start.
beforeAll(() => loadShellWords('zh-Hant'));

beforeEach(() => {
  FakeSocket.all = [];
  setSocketFactory(
    (o) => new GameSocketClient({ ...o, createSocket: (url) => new FakeSocket(url) }),
  );
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom does not implement scrolling; the layout scrolls to the top on every screen change.
window.scrollTo = () => {};
