import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import websocket from '@fastify/websocket';
import type { onRequestHookHandler, onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { MAX_FRAME_BYTES } from '@kaijiang/domain';
import { fail } from '../../lib/envelope.ts';
import { captureRequestHooks, takeHook } from '../../lib/route-hooks.ts';
import { routeConfig } from '../../lib/route-config.ts';

/**
 * Frames up to MAX_FRAME_BYTES are answered (a larger one gets a 71 refusal); maxPayload is the
 * hard bound on what ws will buffer for one message before closing with 1009.
 */
export const MAX_PAYLOAD_BYTES = 4 * MAX_FRAME_BYTES;
const noop = () => undefined;
/** Shutdown: clients are asked to go elsewhere, and cut if they do not answer in time. */
const CLOSE_GRACE_MS = 1_000;
/** An upgrade request's socket that nobody has taken over by then is closed. */
export const UPGRADE_TIMEOUT_MS = 5_000;
/** How often upgrade sockets still waiting are looked at (only while there are any). */
const UPGRADE_SWEEP_MS = 1_000;

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
  }
}

/** Takes an upgrade request over (true), or leaves it to the framework's route (false). */
export type UpgradeTaker = (request: IncomingMessage, socket: Socket, head: Buffer) => boolean;

export default fp(
  async (app) => {
    // Routes that answer upgrades are marked as they are added, before the plugin sees them.
    app.addHook('onRoute', (route) => {
      if (route.websocket || route.wsHandler) route.config = { ...route.config, socket: true };
    });
    // The plugin upgrades a request for any other route too, and then closes the socket with a
    // line in the log for each: a client could write the log as fast as it opens sockets. Its
    // per-request hooks are taken out and run from ours, which answers such a request as the path
    // it asked for: one that does not exist (the access log counts it, its lines are capped).
    const listening = new Set(app.server.listeners('upgrade'));
    const hooks = await captureRequestHooks(app, () =>
      app.register(websocket, {
        // No compression: every snapshot is sent as is to thousands of sockets, and per-socket
        // deflate contexts cost far more memory than the few hundred bytes a frame would save.
        options: { maxPayload: MAX_PAYLOAD_BYTES, perMessageDeflate: false },
        // A client's protocol error (oversized message, bad frame, reset) is its problem, not ours.
        errorHandler(err, socket, request) {
          if (app.accessMinute.mayLog(400)) request.log.info({ err }, 'live socket error');
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
      }),
    );
    const markHook = takeHook<onRequestHookHandler>(hooks, 'onRequest');
    app.addHook('onRequest', function (request, reply, done) {
      // The plugin's hook only marks the request, at once: no closure per request to wait for it.
      markHook.call(this, request, reply, noop);
      if (request.ws && routeConfig(request).socket !== true) {
        reply.code(404).send(fail('NOT_FOUND', '请求的资源不存在'));
        return;
      }
      done();
    });
    // The plugin's hook hands back the socket of an upgrade a plain route answered, once the
    // answer is written.
    const closeUpgrade = takeHook<onResponseHookHandler>(hooks, 'onResponse');
    app.afterResponse((request, reply, before) => {
      if (!request.ws || before !== undefined) return;
      reply.raw.once('finish', () => void closeUpgrade.call(app, request, reply, noop));
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
    // The plugin's own upgrade listener hands every upgrade to the framework's routing; ours runs
    // in its place, and offers an upgrade to the socket route of its path first.
    const routed = app.server.listeners('upgrade').filter((l) => !listening.has(l));
    if (routed.length !== 1) throw new Error('websocket: the plugin no longer adds one listener');
    const framework = routed[0] as (request: IncomingMessage, socket: Duplex, head: Buffer) => void;
    app.server.removeListener('upgrade', framework);
    const takers: { prefix: string; take: UpgradeTaker }[] = [];
    app.decorate('takeUpgrades', (prefix: string, take: UpgradeTaker) => {
      takers.push({ prefix, take });
    });
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
        framework.call(this, request, socket, head);
      },
    );
    // Every socket ws takes over is announced on its server, whichever route took it.
    app.websocketServer.on('connection', (_ws: unknown, request: IncomingMessage) => {
      waiting.delete(request.socket);
    });
    app.addHook('onClose', async () => {
      if (sweeper !== null) clearInterval(sweeper);
      sweeper = null;
      waiting.clear();
    });
  },
  // Its lines about clients' sockets are written within the access log's budget.
  { dependencies: ['access-log'] },
);
