import type { Page, WebSocketRoute } from '@playwright/test';

export interface Frame {
  id: string;
  command: number;
  content: unknown;
}

export interface ProxiedSocket {
  host: string;
  openedAt: number;
  closedAt?: number;
  /** Frames the server sent down this connection, with the time they passed. */
  received: { at: number; frame: Frame }[];
  route: WebSocketRoute;
}

/**
 * Serves the page's live sockets for made-up live hosts by relaying each one to the test server,
 * so a test can configure several hosts and make one of them die. The page is given the hosts
 * in its runtime config, exactly as the server would inject LIVE_HOSTS.
 */
export async function proxyLiveHosts(page: Page, opts: { hosts: string[]; server: string }) {
  const sockets: ProxiedSocket[] = [];
  const dead = new Set<string>();
  const upstreamBase = opts.server.replace(/^http/, 'ws');

  await page.route(
    (url) =>
      !url.pathname.startsWith('/app-api') &&
      !url.pathname.startsWith('/sys-upload') &&
      !/\.\w+$/.test(url.pathname),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /"liveHosts":\[[^\]]*\]/,
        `"liveHosts":${JSON.stringify(opts.hosts)}`,
      );
      await route.fulfill({ response, body: html });
    },
  );

  // The chat's socket goes to the test server as it is: a page whose document the route above
  // served is not on loopback to Chromium, which then refuses it a direct loopback socket.
  await page.routeWebSocket(/\/chat-api\/ws/, (ws) => ws.connectToServer());

  await page.routeWebSocket(/\/ws-game\//, (ws) => {
    const url = new URL(ws.url());
    const socket: ProxiedSocket = { host: url.host, openedAt: Date.now(), received: [], route: ws };
    sockets.push(socket);
    if (dead.has(url.host)) {
      socket.closedAt = Date.now();
      void ws.close({ code: 4001, reason: 'host down' });
      return;
    }
    const upstream = new WebSocket(`${upstreamBase}${url.pathname}`);
    const queue: string[] = [];
    upstream.onopen = () => {
      for (const m of queue.splice(0)) upstream.send(m);
    };
    upstream.onmessage = (event) => {
      const text = String(event.data);
      socket.received.push({ at: Date.now(), frame: JSON.parse(text) as Frame });
      ws.send(text);
    };
    upstream.onclose = () => {
      if (socket.closedAt === undefined) {
        socket.closedAt = Date.now();
        void ws.close().catch(() => {});
      }
    };
    ws.onMessage((message) => {
      const text = String(message);
      if (upstream.readyState === WebSocket.OPEN) upstream.send(text);
      else queue.push(text);
    });
    ws.onClose(() => {
      socket.closedAt ??= Date.now();
      upstream.close();
    });
  });

  return {
    sockets,
    /** Every connection to `host` drops now, and new ones are refused. */
    async kill(host: string): Promise<number> {
      dead.add(host);
      const at = Date.now();
      for (const s of sockets) {
        if (s.host === host && s.closedAt === undefined) {
          s.closedAt = at;
          await s.route.close({ code: 4001, reason: 'host down' });
        }
      }
      return at;
    },
  };
}
