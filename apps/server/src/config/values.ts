// The pieces config.ts reads variables with: lists, URLs, addresses, hostnames, push origins.
import net from 'node:net';
import type { AccessLog, LogFormat, LogLevel } from './types.ts';

export const LOG_LEVELS: readonly LogLevel[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];
export const ACCESS_LOGS: readonly AccessLog[] = ['notable', 'all', 'off'];
export const LOG_FORMATS: readonly LogFormat[] = ['json', 'pretty'];
/** An IP address or CIDR as [address, prefix, family], or null when it is neither. */
export function cidrOf(text: string): [string, number, 'ipv4' | 'ipv6'] | null {
  const [address = '', prefixText, ...rest] = text.split('/');
  const v = net.isIP(address);
  if (v === 0 || rest.length > 0) return null;
  const most = v === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? most : Number(prefixText);
  if (prefix > most) return null;
  return [address, prefix, v === 4 ? 'ipv4' : 'ipv6'];
}

export const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Why a push service origin is unfit, or null (plain http only to this machine, for tests). */
export function pushServiceProblem(entry: string): string | null {
  const m = /^(https?):\/\/(\*\.)?([^/*]+)$/.exec(entry);
  if (!m) return `"${entry}" is not an origin such as https://fcm.googleapis.com`;
  let host: string;
  try {
    host = new URL(`${m[1]}://${m[3]}`).hostname;
  } catch {
    return `"${entry}" is not an origin`;
  }
  if (m[1] === 'http' && (m[2] || !LOOPBACK.has(host))) {
    return `"${entry}": plain http only for this machine (127.0.0.1, localhost)`;
  }
  return null;
}

export const B64URL = /^[A-Za-z0-9_-]+$/;

export function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

export const HOSTNAME =
  /^(?=.{1,253}(:\d{1,5})?$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i;
