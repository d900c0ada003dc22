// Fastify gives every request a child of the app's logger. Making a pino child is not free: its
// bindings (the request id) go through the redaction's wildcard stringifier, about a sixth of the
// CPU of a small answer. Most requests never write a line of their own (the access log counts them
// into one line a minute), so the child is made on a request's first line, not on its arrival.
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
type Level = (typeof LEVELS)[number];
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type Options = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type LogMethod = (...args: unknown[]) => void;

/** pino's numeric levels, when the parent is pino (a null logger has none). */
interface WithLevels {
  levels?: { values: Record<string, number> };
}

export class LazyChildLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: Options;
  #real: FastifyBaseLogger | undefined;
  /** When the request reached the framework (`performance.now()`): its answer's time. */
  readonly since = performance.now();
  /**
   * The status its answer was last counted with (lib/request-log.ts): an answer hook that fails
   * sends the error instead, and the answer hooks run again.
   */
  counted: number | undefined = undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: Options) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  /** The child pino would have made; made once, when first needed. */
  get real(): FastifyBaseLogger {
    this.#real ??= this.#parent.child(this.#bindings, this.#options);
    return this.#real;
  }

  get level(): string {
    return this.#real?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  isLevelEnabled(level: string): boolean {
    const values = (this.#parent as WithLevels).levels?.values;
    if (!values) return true;
    const wanted = values[level];
    const floor = values[this.level];
    return wanted === undefined || floor === undefined || wanted >= floor;
  }

  child(bindings: Bindings, options?: Options): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }

  silent(): void {}

  declare fatal: LogMethod;
  declare error: LogMethod;
  declare warn: LogMethod;
  declare info: LogMethod;
  declare debug: LogMethod;
  declare trace: LogMethod;
}

// Below the level, a call costs a comparison and makes nothing.
for (const level of LEVELS) {
  Object.defineProperty(LazyChildLogger.prototype, level, {
    value(this: LazyChildLogger, ...args: unknown[]) {
      if (!this.isLevelEnabled(level)) return;
      (this.real[level as Level] as LogMethod)(...args);
    },
  });
}

export function lazyChildLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: Options,
): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
