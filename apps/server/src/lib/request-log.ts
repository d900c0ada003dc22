// How the app logs, and the work due once per answer, at a price the draw minute can pay.
//
// Fastify is given no logger of its own. With one (any: even a logger that writes nothing) it
// follows every answer to its end: a closure, two listeners added to the response and taken off
// again, two clock reads and a call into its log controller, ~0.4 µs of a 13 µs answer (measured
// in one process, two routes, load alternating). The app's pino logger is made here instead and
// handed to Fastify as the parent of each request's (lazy) logger and as `app.log`, so every line
// Fastify writes itself (an error, a stream cut short, a failing serializer) is still written, and
// the work due per answer (the access log's counts, an upgrade socket handed back) runs from one
// answer hook, in a stage every request runs anyway.
import { performance } from 'node:perf_hooks';
import pino, { type LoggerOptions } from 'pino';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { LazyChildLogger, lazyChildLoggerFactory } from './lazy-logger.ts';
import { withLogRedaction } from './log-redaction.ts';

/**
 * `before`: undefined the first time; when an answer hook failed after this ran and the error is
 * sent in place of the answer, this runs again with the status the answer had then.
 */
export type AfterResponse = (
  request: FastifyRequest,
  reply: FastifyReply,
  before: number | undefined,
) => void;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs `fn` as an answer is sent (the first of the answer hooks, for every request the
     * framework routed, 404s and errors included; not for a hijacked one), and again, told so,
     * should a later answer hook fail and the error be sent instead.
     */
    afterResponse(fn: AfterResponse): void;
  }
}

/** Milliseconds since the request reached the framework (0 for one it did not give a logger). */
export function elapsedMs(request: FastifyRequest): number {
  const log = request.log as unknown;
  return log instanceof LazyChildLogger ? performance.now() - log.since : 0;
}

/** Fastify's log controller without its two lines per request; its error lines stay. */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  // Fastify follows an answer to its end only on a route with an onResponse hook; nothing is due
  // then but its own line for an answer that failed while being written.
  override requestCompleted(...args: Parameters<LogController['requestCompleted']>): void {
    if (args[0]) super.requestCompleted(...args);
  }
}

export interface RequestLogging {
  /** The app's logger (`app.log`). */
  readonly logger: FastifyBaseLogger;
  /** Fastify's options for logging: no logger, ours as each request's parent. */
  readonly options: Pick<FastifyServerOptions, 'childLoggerFactory' | 'logController'>;
  /** Gives the app its logger and `afterResponse`: call before anything is registered. */
  attach(app: FastifyInstance): void;
}

/** Pino's options, a stream or a file to write to, or `false` for a logger that writes nothing. */
export type LoggingOptions =
  (LoggerOptions & { stream?: pino.DestinationStream; file?: string }) | false;
type PinoOptions = Exclude<LoggingOptions, false>;

/** The app's logging, with the redaction added (lib/log-redaction.ts). */
export function requestLogging(options: LoggingOptions): RequestLogging {
  const { stream, file, ...rest } = withLogRedaction(
    options === false ? { level: 'silent' } : options,
  ) as PinoOptions;
  const logger = pino(
    { ...rest, serializers: { res: replyStatus, ...rest.serializers } },
    file ? pino.destination(file) : stream,
  ) as unknown as FastifyBaseLogger;
  const after: AfterResponse[] = [];
  return {
    logger,
    options: {
      // Fastify hands each request the logger it has, which is none: the parent is ours.
      childLoggerFactory: (_none, bindings, childOptions) =>
        lazyChildLoggerFactory(logger, bindings, childOptions),
      logController: new RequestLog(),
    },
    attach(app) {
      // Plugins' instances inherit it from the root.
      (app as { log: FastifyBaseLogger }).log = logger;
      app.decorate('afterResponse', (fn: AfterResponse) => {
        after.push(fn);
      });
      app.addHook('onSend', (request, reply, payload, done) => {
        const log = request.log as unknown;
        let before: number | undefined;
        if (log instanceof LazyChildLogger) {
          before = log.counted;
          log.counted = reply.statusCode;
        }
        for (const fn of after) {
          try {
            fn(request, reply, before);
          } catch (err) {
            // The answer is not the place for a bug in bookkeeping: it goes out as it is.
            request.log.error({ err }, 'after-response work failed');
          }
        }
        done(null, payload);
      });
    },
  };
}

/** What a line says of an answer (Fastify's own serializer, which it adds only to its logger). */
function replyStatus(reply: FastifyReply): { statusCode: number } {
  return { statusCode: reply.statusCode };
}
