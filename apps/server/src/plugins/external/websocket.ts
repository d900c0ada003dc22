import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import websocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import type { WebSocketServer } from 'ws';
import { MAX_FRAME_BYTES } from '@kaijiang/domain';
import { fail } from '../../lib/envelope.ts';
import { routeConfig } from '../../lib/route-config.ts';

/**
 * Frames up to MAX_FRAME_BYTES are answered (a larger one gets a 71 refusal); maxPayload is the
 * hard bound on what ws will buffer for one message before closing with 1009.
 */
export const MAX_PAYLOAD_BYTES = 4 * MAX_FRAME_BYTES;
/** Shutdown: clients are asked to go elsewhere, and cut if they do not answer in time. */
const CLOSE_GRACE_MS = 1_000;
/** An upgrade request's socket that nobody has taken over by then is closed. */
export const UPGRADE_TIMEOUT_MS = 5_000;
/** How often upgrade sockets still waiting are looked at (only while there are any). */
const UPGRADE_SWEEP_MS = 1_000;

/** @fastify/websocket's upgrade listener: hands an upgrade to the framework's routing. */
type UpgradeListener = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route that answers socket upgrades (set when it is added). */
    socket?: boolean;
  }
  interface FastifyInstance {
    /**
     * Lets a socket route take the upgrades under `prefix` it would plainly accept before the
     * framework routes them (`take` returns false for any it leaves to the framework).
     */
    takeUpgrades(prefix: string, take: UpgradeTaker): void;
    /**
     * The ws server of the socket routes, readable from the root (`websocketServer` is the
     * plugin's, decorated in the socket routes' context alone); there once `socketServer` is.
     */
    readonly socketServer: WebSocketServer;
    /** Called once, by `socketServer`: the ws server and the plugin's upgrade listener. */
    routeUpgrades(wss: WebSocketServer, framework: UpgradeListener): void;
  }
}

/** Takes an upgrade request over (true), or leaves it to the framework's route (false). */
export type UpgradeTaker = (request: IncomingMessage, socket: Socket, head: Buffer) => boolean;

/**
 * The root's share of the sockets: every upgrade request reaches our listener first, a path with
 * no socket route is a 404, and a socket nobody takes over is closed. @fastify/websocket itself is
 * registered by `socketServer`, in the socket routes' own context (app.ts).
 */
export default fp(
  async (app) => {
    // Routes that answer upgrades are marked as they are added, before the plugin sees them.
    app.addHook('onRoute', (route) => {
      if (route.websocket || route.wsHandler) route.config = { ...route.config, socket: true };
    });
    // Every upgrade the framework routes, with its socket: ours to hand back once answered.
    const upgrades = new WeakMap<IncomingMessage, Duplex>();
    // The plugin would upgrade a request for any other route too, and then close the socket with
    // a line in the log for each: a client could write the log as fast as it opens sockets. Its
    // hooks are in the socket routes' context alone, so such a request reaches a plain route (or
    // the not-found handler) as it is, and is answered here as the path it asked for: one that
    // does not exist (the access log counts it, its lines are capped).
    app.addHook('onRequest', function (request, reply, done) {
      if (upgrades.has(request.raw) && routeConfig(request).socket !== true) {
        reply.code(404).send(fail('NOT_FOUND', '请求的资源不存在'));
        return;
      }
      done();
    });
    // Nothing hands that socket back to Node's server: once the answer is written it is closed.
    // A socket route's answer is the plugin's to close (its own answer hook, in that context).
    app.afterResponse((request, reply, before) => {
      if (before !== undefined) return;
      const socket = upgrades.get(request.raw);
      if (socket === undefined || routeConfig(request).socket === true) return;
      reply.raw.once('finish', () => void socket.destroy());
    });
    // Node hands the socket of an upgrade request over and never times it out. When the request is
    // refused before any hook runs (a URL that does not decode, an over-long parameter), nothing
    // closes it: it stays open after the client has gone, one file descriptor per request. So every
    // upgrade socket that ws has not taken over within UPGRADE_TIMEOUT_MS is cut. One sweep for all
    // of them, not a timer each: a socket's own timeout, cleared when ws takes it, still stays
    // attached with its listener for the connection's whole life (~0.4 KiB per live socket).
    const waiting = new Map<Socket, number>();
    let sweeper: ReturnType<typeof setInterval> | null = null;
    const sweep = () => {
      const now = Date.now();
      for (const [socket, deadline] of waiting) {
        if (socket.destroyed) waiting.delete(socket);
        else if (deadline <= now) {
          waiting.delete(socket);
          socket.destroy();
        }
      }
      if (waiting.size === 0 && sweeper !== null) {
        clearInterval(sweeper);
        sweeper = null;
      }
    };
    const takers: { prefix: string; take: UpgradeTaker }[] = [];
    app.decorate('takeUpgrades', (prefix: string, take: UpgradeTaker) => {
      takers.push({ prefix, take });
    });
    let wss: WebSocketServer | null = null;
    let framework: UpgradeListener | null = null;
    app.decorate('socketServer', {
      getter(): WebSocketServer {
        if (wss === null) throw new Error('websocket: no socket routes registered');
        return wss;
      },
    });
    app.decorate('routeUpgrades', (server: WebSocketServer, listener: UpgradeListener) => {
      if (wss !== null) throw new Error('websocket: the socket routes are registered once');
      wss = server;
      framework = listener;
      // Every socket ws takes over is announced on its server, whichever route took it.
      server.on('connection', (_ws: unknown, request: IncomingMessage) => {
        waiting.delete(request.socket);
      });
    });
    // Ours offers an upgrade to the socket route of its path first, then to the framework.
    app.server.on(
      'upgrade',
      function (this: unknown, request: IncomingMessage, socket: Duplex, head: Buffer) {
        if (socket instanceof Socket) {
          waiting.set(socket, Date.now() + UPGRADE_TIMEOUT_MS);
          if (sweeper === null) {
            sweeper = setInterval(sweep, UPGRADE_SWEEP_MS);
            sweeper.unref();
          }
          const url = request.url ?? '';
          for (const { prefix, take } of takers) {
            if (!url.startsWith(prefix)) continue;
            try {
              if (take(request, socket, head)) return;
            } catch (err) {
              // Thrown from a server event, it would end the process; this socket ends instead.
              app.log.error({ err }, 'socket upgrade failed');
              socket.destroy();
              return;
            }
          }
        }
        if (framework === null) {
          socket.destroy();
          return;
        }
        upgrades.set(request, socket);
        framework.call(this, request, socket, head);
      },
    );
    app.addHook('onClose', async () => {
      if (sweeper !== null) clearInterval(sweeper);
      sweeper = null;
      waiting.clear();
    });
  },
  // Its lines about clients' sockets are written within the access log's budget.
  { name: 'websocket', dependencies: ['access-log'] },
);

/**
 * @fastify/websocket, for the socket routes' own context (app.ts): registered there, its hooks
 * (an upgrade mark on the way in, an answer hook that makes Fastify follow the answer to its end)
 * run for those routes alone, not for every answer of the site (test/lib/request-log.test.ts).
 */
export const socketServer = fp(
  async (sockets) => {
    const listening = new Set(sockets.server.listeners('upgrade'));
    await sockets.register(websocket, {
      // No compression: every snapshot is sent as is to thousands of sockets, and per-socket
      // deflate contexts cost far more memory than the few hundred bytes a frame would save.
      options: { maxPayload: MAX_PAYLOAD_BYTES, perMessageDeflate: false },
      // A client's protocol error (oversized message, bad frame, reset) is its problem, not ours.
      errorHandler(err, socket, request) {
        if (sockets.accessMinute.mayLog(400)) request.log.info({ err }, 'live socket error');
        socket.terminate();
      },
      preClose(done) {
        const clients = [...this.websocketServer.clients];
        for (const client of clients) client.close(1001, 'server shutting down');
        if (clients.length > 0) {
          setTimeout(() => {
            for (const client of clients) client.terminate();
          }, CLOSE_GRACE_MS).unref();
        }
        this.websocketServer.close();
        done();
      },
    });
    // The plugin's own upgrade listener hands every upgrade to the framework's routing; the root's
    // (above) runs in its place and calls it for what no socket route took first.
    const routed = sockets.server.listeners('upgrade').filter((l) => !listening.has(l));
    if (routed.length !== 1) throw new Error('websocket: the plugin no longer adds one listener');
    const framework = routed[0] as UpgradeListener;
    sockets.server.removeListener('upgrade', framework);
    sockets.routeUpgrades(sockets.websocketServer, framework);
  },
  { name: 'socket-server', dependencies: ['websocket'] },
);
