// The server posts to the URL a visitor's browser hands us as its push endpoint. Only the push
// services configured (PUSH_SERVICES) may be that URL's origin: anything else would let a visitor
// aim our requests at the machines behind us.

interface ServiceRule {
  protocol: string;
  /** The host, or the suffix after `*.`. */
  host: string;
  wildcard: boolean;
  port: string;
}

function ruleOf(origin: string): ServiceRule {
  const wildcard = origin.includes('://*.');
  const url = new URL(origin.replace('://*.', '://'));
  return { protocol: url.protocol, host: url.hostname, wildcard, port: url.port };
}

/** A test of endpoint URLs against the configured services (config.ts has checked each entry). */
export function endpointGuard(services: readonly string[]): (endpoint: string) => boolean {
  const rules = services.map(ruleOf);
  return (endpoint) => {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    if (url.username || url.password || url.hash) return false;
    return rules.some(
      (r) =>
        url.protocol === r.protocol &&
        url.port === r.port &&
        (r.wildcard ? url.hostname.endsWith(`.${r.host}`) : url.hostname === r.host),
    );
  };
}

const UNRESERVED = /%(2[dDeE]|3[0-9]|[46][1-9a-fA-F]|[57][0-9aA]|5[fF]|7[eE])/g;

/**
 * The one spelling of a push endpoint (WHATWG URL: lower-case host, no default port; then no
 * empty query or fragment, unreserved characters unescaped and escapes in upper case, RFC 3986
 * §6.2.2): what is stored and looked up, so one device is one subscription however its browser,
 * or a visitor, writes the URL. Null for what is no URL.
 */
export function canonicalEndpoint(endpoint: string): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.search === '') url.search = '';
  if (url.hash === '') url.hash = '';
  const tidy = (part: string) =>
    part
      .replace(/%[0-9a-f]{2}/gi, (e) => e.toUpperCase())
      .replace(UNRESERVED, (e) => String.fromCharCode(parseInt(e.slice(1), 16)));
  url.pathname = tidy(url.pathname);
  if (url.search) url.search = tidy(url.search);
  return url.href;
}
