// Entry point: `node src/server.ts`. Loads config, listens, and shuts down cleanly on signals.
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { AppConfig } from './config.ts';
import { createFailureLog } from './lib/failure-log.ts';
import { operatorHint } from './lib/operator-hint.ts';
import { prettyStream } from './lib/pretty-log.ts';

const SHUTDOWN_GRACE_MS = 8_000;

let config: AppConfig;
try {
  config = loadConfig(process.env);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`kaijiang server: cannot start.\n${err.message}`);
    process.exit(1);
  }
  throw err;
}

// JSON lines for a log collector; short lines for a person at a terminal (lib/pretty-log.ts).
const pretty = (config.logFormat ?? (process.stdout.isTTY ? 'pretty' : 'json')) === 'pretty';
const app = await buildApp(config, {
  logger: pretty
    ? { level: config.logLevel, stream: prettyStream(process.stdout) }
    : { level: config.logLevel },
});

// Last resort. Every loop that outlives a request handles its own errors (services/draws/engine.ts,
// services/live/redis-hub.ts, …); a rejection that still slips through is a bug to log and fix, not a
// reason to drop every visitor's socket. Exceptions still end the process: state is unknown.
const unhandled = createFailureLog(app.log, 'unhandled rejection (a bug: please report it)');
process.on('unhandledRejection', (reason) => unhandled.failed(reason));

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Never hang a deploy: whatever is still open after the grace period is cut off.
  const timer = setTimeout(() => {
    app.log.error('shutdown timed out');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  timer.unref();
  try {
    // Stops accepting, answers in-flight requests, then runs onClose hooks (database last).
    await app.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error during shutdown');
    process.exit(1);
  }
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const db = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL';
  app.log.info({ port }, `kaijiang serving http://localhost:${port} (database: ${db})`);
  if (!config.chatOnly && (await app.repos.operators.count()) === 0) {
    // The console has no account until one is made on this machine's command line.
    // A line of its own, to copy as it is (the password is asked for).
    const where = config.database.kind === 'postgres' ? ', with the same DATABASE_URL' : '';
    app.log.info(
      `operator console: http://localhost:${port}/admin — no operator yet (管理后台尚无管理员). ` +
        `Create the first owner from the project's folder in another terminal${where}:\n` +
        `  ${operatorHint(config)}`,
    );
  }
} catch (err) {
  app.log.error({ err }, 'failed to start');
  await app.close().catch(() => undefined);
  process.exit(1);
}
