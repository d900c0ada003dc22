import Fastify from 'fastify';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppConfig } from './config.ts';
import compress from './plugins/external/compress.ts';
import cookie from './plugins/external/cookie.ts';
import formBody from './plugins/external/form-body.ts';
import helmet from './plugins/external/helmet.ts';
import rateLimit from './plugins/external/rate-limit.ts';
import swagger from './plugins/external/swagger.ts';
import websocket, { socketServer } from './plugins/external/websocket.ts';
import appConfig from './plugins/app/config.ts';
import content from './plugins/app/content.ts';
import cors from './plugins/app/cors.ts';
import db from './plugins/app/db.ts';
import demoSeed from './plugins/app/demo-seed.ts';
import drawService from './plugins/app/draws.ts';
import type { DrawsPluginOptions } from './plugins/app/draws.ts';
import errorHandler from './plugins/app/error-handler.ts';
import noNul from './plugins/app/no-nul.ts';
import emptyBody from './plugins/app/empty-body.ts';
import liveHub from './plugins/app/live-hub.ts';
import members from './plugins/app/members.ts';
import type { MembersPluginOptions } from './plugins/app/members.ts';
import repositories from './plugins/app/repositories.ts';
import staticFiles from './plugins/app/static-files.ts';
import webApp from './plugins/app/web-app.ts';
import xsrf from './plugins/app/xsrf.ts';
import contentRoutes from './routes/content/index.ts';
import contentAdmin from './routes/content-admin/index.ts';
import galleryRoutes from './routes/gallery/index.ts';
import galleryAdmin from './routes/gallery-admin/index.ts';
import gallery from './plugins/app/gallery.ts';
import draws from './routes/draws/index.ts';
import drawsAdmin from './routes/draws-admin/index.ts';
import compat from './routes/compat/index.ts';
import health from './routes/health/index.ts';
import xsrfToken from './routes/xsrf/index.ts';
import live from './routes/live/index.ts';
import member from './routes/member/index.ts';
import staticData from './routes/static-data/index.ts';
import uploads from './routes/uploads/index.ts';
import user from './routes/user/index.ts';
import web from './routes/web/index.ts';
import embed from './routes/embed/index.ts';
import { frameworkTrust } from './lib/client-address.ts';
import { requestLogging, type LoggingOptions } from './lib/request-log.ts';
import { clientErrorHandler, frameworkErrors } from './lib/framework-errors.ts';
import connectionCap from './plugins/app/connection-cap.ts';
import idleSockets from './plugins/app/idle-sockets.ts';
import accessLog from './plugins/app/access-log.ts';
import readyFront from './plugins/app/ready-front.ts';
import routeConfigSlot from './plugins/app/route-config.ts';
import chat from './plugins/app/chat.ts';
import chatRoutes from './routes/chat/index.ts';
import chatSocket from './routes/chat/socket.ts';
import chatTicket from './routes/chat-ticket/index.ts';
import chatAdmin from './routes/chat-admin/index.ts';
import operators from './plugins/app/operators.ts';
import push from './plugins/app/push.ts';
import type { OperatorsPluginOptions } from './plugins/app/operators.ts';
import streamOrigins from './plugins/app/stream-origins.ts';
import type { PushPluginOptions } from './plugins/app/push.ts';
import pushRoutes from './routes/push/index.ts';
import consoleRoutes from './routes/console/index.ts';
import consoleWeb from './routes/console-web/index.ts';

export interface BuildOptions {
  /** Pino options, or false for a silent logger; defaults to JSON logs at config.logLevel. */
  logger?: LoggingOptions;
  /** Runs after the app plugins and before the routes (tests add routes here). */
  extend?: (app: FastifyInstance) => Promise<void> | void;
  /** Draw engine options for tests (clock, lease timings). */
  draws?: DrawsPluginOptions;
  /** Web Push options for tests (a stand-in for the network, retry waits). */
  push?: PushPluginOptions;
  /** Member options for tests (attempt limits, clock). */
  members?: MembersPluginOptions;
  /** Operator options for tests (ADMIN_TOKEN guess limits). */
  operators?: OperatorsPluginOptions;
  /** Sees every route as it is registered, plugins' own included (the fuzz suite's route list). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole server without listening; `await app.ready()` runs migrations and seeding. */
export async function buildApp(
  config: AppConfig,
  opts: BuildOptions = {},
): Promise<FastifyInstance> {
  // The app's logger, not Fastify's (lib/request-log.ts); one line a minute and the notable
  // requests instead of two lines per request (plugins/app/access-log.ts).
  const logging = requestLogging(opts.logger ?? { level: config.logLevel });
  const app = Fastify({
    ...logging.options,
    trustProxy: frameworkTrust(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Ajv's strict numbers (Fastify's default) let `?pageSize=Infinity` through both the integer
    // check and `maximum` once coerced; without them `maximum` refuses it (the fuzz found it
    // reaching the database as a 500).
    ajv: { customOptions: { strictNumbers: false } },
    // A client that trickles its headers, its body or its reading holds a descriptor: bounded in
    // time here and by plugins/app/idle-sockets.ts (in place of Node's timer per connection), in
    // number by plugins/app/connection-cap.ts.
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      connectionsCheckingInterval: config.http.checkIntervalMs,
      // A request without Content-Length or Transfer-Encoding has no body (RFC 9112 §6.3): Node
      // ends its stream at once instead of running a readable stream's life cycle (four ticks
      // and ~1 KB of garbage per GET; the hello-world's 16.6 µs became 14.3 under continuous load). Such a request's
      // stream then emits nothing: plugins/app/empty-body.ts gives the body parsers an empty
      // one. Node 20 and 22 ignore the option.
      optimizeEmptyRequests: true,
    },
    // Bad percent-encoding and the like: the §4 envelope, not Fastify's own error shape.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  logging.attach(app);

  await app.register(appConfig, { config });
  await app.register(connectionCap, { config });
  await app.register(idleSockets);
  await app.register(accessLog);
  await app.register(readyFront);
  await app.register(routeConfigSlot);
  await app.register(helmet);
  await app.register(cookie);
  await app.register(compress);
  await app.register(formBody);
  await app.register(rateLimit);
  await app.register(swagger);
  await app.register(websocket);

  await app.register(db);
  await app.register(repositories, { clock: opts.draws?.clock });
  await app.register(staticFiles);
  await app.register(webApp);
  // Before any plugin that adds routes of its own (@fastify/cors's OPTIONS route): a route takes
  // the error handler in force when it is added, and every answer must be the §4 envelope.
  await app.register(errorHandler);
  await app.register(noNul);
  await app.register(emptyBody);
  await app.register(cors);
  await app.register(xsrf);
  await app.register(liveHub);
  // CHAT_ONLY: the chat service alone (docs/architecture.md §10): no draw engine, members' calls, content or site.
  const site = !config.chatOnly;
  if (site) {
    await app.register(drawService, opts.draws ?? {});
    await app.register(members, opts.members ?? {});
    await app.register(operators, opts.operators ?? {});
    await app.register(push, opts.push ?? {});
    await app.register(streamOrigins);
  }
  await app.register(content);
  if (site) await app.register(gallery);
  await app.register(chat, { now: opts.members?.now });
  if (site) {
    await app.register(demoSeed, {
      clock: opts.draws?.clock,
      syncDays: opts.draws?.demoSyncDays,
    });
  }

  if (opts.extend) await opts.extend(app);

  await app.register(health);
  await app.register(xsrfToken);
  if (site) {
    await app.register(draws);
    await app.register(drawsAdmin);
    await app.register(compat);
    await app.register(user);
    await app.register(member);
    await app.register(contentRoutes);
    await app.register(contentAdmin);
    await app.register(galleryRoutes);
    await app.register(galleryAdmin);
    await app.register(staticData);
    await app.register(embed);
    await app.register(pushRoutes);
  }
  await app.register(uploads);
  if (site) {
    await app.register(chatTicket);
    await app.register(chatAdmin);
    await app.register(consoleRoutes);
  }
  // The chat service's own plugin tree (docs/architecture.md §10), where CHAT_URL points by default.
  await app.register(chatRoutes, { prefix: '/chat-api' });
  // The socket routes, and they alone, in a context with @fastify/websocket: its hooks run for
  // their requests only (plugins/external/websocket.ts).
  await app.register(async (sockets) => {
    await sockets.register(socketServer);
    if (site) await sockets.register(live);
    await sockets.register(chatSocket, { prefix: '/chat-api' });
  });
  if (site) {
    await app.register(consoleWeb);
    await app.register(web);
  }
  return app;
}
