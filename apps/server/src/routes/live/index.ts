import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { RawData, WebSocket } from 'ws';
import type { LiveFanout } from '@kaijiang/domain';
import { toBuffer } from '../../lib/ws-data.ts';
import { addressKey } from '../../lib/address-key.ts';
import { nowIso } from '../../lib/time.ts';
import { clientAddress } from '../../lib/client-address.ts';
import { fail } from '../../lib/envelope.ts';
import { DEFAULT_CONNECTION_LIMITS, LiveConnection } from '../../services/live/live-connection.ts';
import { closeNow, LiveRegistry } from '../../services/live/live-registry.ts';
import { createFanoutMinute } from '../../services/live/fanout-minute.ts';
import { LiveRequests } from '../../services/live/live-requests.ts';
import { allowedOrigins, originAllowed } from '../../services/live/origin.ts';
import { CLOSE, parseClientFrame, refusalFrame } from '../../services/live/protocol.ts';

const Params = Type.Object({ guid: Type.String({ minLength: 1, maxLength: 64 }) });
/** The socket path as clients spell it: a guid of plain characters, nothing to decode. */
const PLAIN_PATH = /^\/ws-game\/[\w.~-]{1,64}$/;

/** The live-draw socket of docs/architecture.md §7: /ws-game/{guid}. */
const live: FastifyPluginAsyncTypebox = async (app) => {
  const origins = allowedOrigins(app.config.allowedOrigins, app.config.liveHosts);
  const fanouts = createFanoutMinute();
  let last: LiveFanout | null = null;
  const registry = new LiveRegistry(app.liveHub, {
    ...app.config.live,
    onError: (err) => app.log.error({ err }, 'live fan-out failed'),
    onFanout: ({ gameId, sockets, ms }) => {
      fanouts.add(sockets, ms);
      last = { gameId, sockets, ms: Math.round(ms * 10) / 10, at: nowIso() };
    },
  });
  app.liveStats.sockets = () => registry.size;
  app.liveStats.lastFanout = () => last;
  const requests = new LiveRequests(app.draws, app.liveHub, registry, app.log);
  const minuteLine = setInterval(() => {
    const live = fanouts.take();
    if (live) app.log.info({ live }, 'live fan-outs in the last minute');
  }, 60_000);
  minuteLine.unref();
  app.addHook('onClose', async () => {
    clearInterval(minuteLine);
    registry.close();
    const live = fanouts.take();
    if (live) app.log.info({ live }, 'live fan-outs since the last minute line');
  });

  let warnedCap = false;
  const upgrades = new WeakMap<IncomingMessage, ServerResponse>();

  function onSocketError(this: WebSocket, err: Error): void {
    // A client's protocol error (a frame too large, one that does not parse): its line is one
    // a client can cause, within the access log's budget.
    if (app.accessMinute.mayLog(400)) app.log.info({ err }, 'live socket error');
    // ws has already sent the close frame for a protocol error (1002, 1007, 1009): let it leave.
    setTimeout(() => this.terminate(), 500).unref();
  }

  // One message and one close listener for every socket, finding the connection here: a pair of
  // closures per socket cost more than its entry in this map.
  const connections = new WeakMap<WebSocket, LiveConnection>();
  function onSocketClose(this: WebSocket): void {
    const conn = connections.get(this);
    if (conn !== undefined) registry.closed(conn);
  }

  function onSocketMessage(this: WebSocket, data: RawData, isBinary: boolean): void {
    const conn = connections.get(this);
    if (conn === undefined || !conn.open) return;
    if (!conn.take(Date.now())) {
      registry.shut(conn, CLOSE.rateLimited, 'rate limit');
      return;
    }
    const frame = parseClientFrame(toBuffer(data), isBinary);
    switch (frame.kind) {
      case 'ping':
        // The spec's client recognises its own frame: echo exactly what it sent.
        conn.send(toBuffer(data).toString('utf8'));
        return;
      case 'history':
        void requests.history(conn, frame.id, frame.gameId, frame.limit);
        return;
      case 'subscribe':
        void requests.subscribe(conn, frame.id, frame.gameIds);
        return;
      case 'refused':
        conn.send(refusalFrame(frame.id, frame.refusal));
        return;
    }
  }

  /** Takes the socket over once its upgrade is accepted, whichever way it came. */
  function accept(socket: WebSocket, key: string, raw: Socket): void {
    socket.removeAllListeners('error');
    socket.on('error', onSocketError);
    const conn = new LiveConnection(socket, key, raw, DEFAULT_CONNECTION_LIMITS);
    registry.add(conn);
    connections.set(socket, conn);
    socket.on('message', onSocketMessage);
    socket.on('close', onSocketClose);
  }

  // At the draw minute thousands of visitors open their socket at once. An upgrade the route
  // below would accept as it is (a GET of its plain path, an allowed origin, room under the
  // address's cap, the address and host found by the framework's own rules) is taken over here,
  // before the framework builds a request and a reply, runs its hooks and routes it: a fifth to a
  // quarter of the server's time per handshake and a fifth of what it allocates (README, draw-time
  // load). Anything else goes to the route as before and gets its answer, or refusal, from there.
  const client = clientAddress(app.config.trustProxy);
  app.takeUpgrades('/ws-game/', (raw, tcp, head) => {
    if (raw.method !== 'GET' || !PLAIN_PATH.test(raw.url!)) return false;
    const ip = client.ip(raw);
    if (ip === undefined || !originAllowed(raw.headers.origin, client.host(raw), origins)) {
      return false;
    }
    const key = addressKey(ip);
    if (!registry.admits(key)) return false;
    app.websocketServer.handleUpgrade(raw, tcp, head, (socket) => {
      app.websocketServer.emit('connection', socket, raw);
      accept(socket, key, tcp);
    });
    return true;
  });

  app.get(
    '/ws-game/:guid',
    {
      websocket: true,
      // Its headers would never reach the client: a successful upgrade answers with ws's own 101.
      helmet: false,
      schema: { params: Params },
      // Refused before the upgrade, so a foreign page never gets a socket at all.
      onRequest: async (request, reply) => {
        // A plain GET of a socket path is a path that does not exist, as under /app-api.
        if (!request.ws) return reply.code(404).send(fail('NOT_FOUND', '请求的资源不存在'));
        upgrades.set(request.raw, reply.raw);
        if (!originAllowed(request.headers.origin, request.host, origins)) {
          if (app.accessMinute.mayLog(403)) {
            request.log.info({ origin: request.headers.origin }, 'live socket: origin refused');
          }
          return reply
            .code(403)
            .send({ code: 'REQ/FORBIDDEN_ORIGIN', msg: '来源不被允许', data: null });
        }
        if (!registry.admits(addressKey(request.ip))) {
          if (!warnedCap) {
            warnedCap = true;
            request.log.warn(
              { ip: request.ip },
              'live socket: per-address cap reached (behind a proxy? set TRUST_PROXY)',
            );
          }
          return reply.code(429).send(fail('REQ/RATE_LIMITED', '连接过多，请稍后再试'));
        }
      },
    },
    (socket, request) => {
      const key = addressKey(request.ip);
      // Upgrades still in flight when the check ran may have filled the quota since.
      if (!registry.admits(key)) {
        closeNow(socket, CLOSE.tryAgainLater, 'too many connections');
        return;
      }
      const raw = request.raw.socket;
      // The raw HTTP response stays attached to the upgraded socket, and @fastify/websocket's
      // error listener holds Fastify's request and reply: together they more than double the
      // memory of a connection for as long as it lives. Nothing needs them past the upgrade.
      upgrades.get(request.raw)?.detachSocket(raw);
      accept(socket, key, raw);
    },
  );
};

export default live;
