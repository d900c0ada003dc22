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
