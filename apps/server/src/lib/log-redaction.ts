// No password, token or hash may reach a log line. Fastify's request serializer logs the URL,
// and a password sent in a query string (which we refuse) would otherwise be written out with
// it; JSON parse errors quote the body they choked on.
import type { FastifyError, FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';

const SECRET_PARAM = /^(password|oldpassword|newpassword|token|access_token|authorization)$/i;
const SECRET_KEYS = [
  'password',
  'oldPassword',
  'newPassword',
  'token',
  'passwordHash',
  'withdrawHash',
  'password_hash',
  'withdraw_hash',
  'token_hash',
  'tokenHash',
];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.token',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'headers.authorization',
  'headers.token',
  'headers.cookie',
  'headers["set-cookie"]',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((k) => `*.${k}`),
  ...SECRET_KEYS.map((k) => `*.*.${k}`),
];

/** The URL with the value of any secret-looking query parameter replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // keep the raw name
      }
      return SECRET_PARAM.test(decoded) ? `${name}=[Redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

interface RequestLike {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

const serializers = {
  req(request: RequestLike) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
  err(err: FastifyError) {
    const out = stdSerializers.err(err);
    // Body-parser errors (FST_ERR_CTP_*, a SyntaxError from JSON.parse) quote the request body.
    if (err instanceof SyntaxError || (err.code ?? '').startsWith('FST_ERR_CTP')) {
      return { ...out, message: '[request body error]', stack: '' };
    }
    return out;
  },
};

/** Adds the redaction to a logger configuration; a ready-made logger or `false` is left alone. */
export function withLogRedaction(
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    serializers: { ...serializers, ...(base.serializers ?? {}) },
  };
}
