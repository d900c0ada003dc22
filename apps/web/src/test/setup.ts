import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { GameSocketClient } from '@/shared/live/socket-client';
import { configureLiveSession } from '@/shared/live/live-session';
import { setLatestSource } from '@/shared/live/load-latest';
import { FakeSocket } from './fake-socket';

// Screens with live draws never reach for the network in unit tests: a socket that stays
// "connecting" and no latest draws, unless a test configures its own.
beforeEach(() => {
  FakeSocket.all = [];
  configureLiveSession({
    createClient: (o) => new GameSocketClient({ ...o, createSocket: (url) => new FakeSocket(url) }),
  });
  setLatestSource(async () => []);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom does not implement scrolling; the layout scrolls to the top on every screen change.
window.scrollTo = () => {};
