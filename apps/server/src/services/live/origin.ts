// Which pages may open the live socket. A browser always sends Origin on a WebSocket handshake,
// so checking it stops another site from riding a visitor's connection; a missing Origin means a
// non-browser client, which could forge any Origin anyway and is let through.

/** Page origins allowed besides the socket's own host: ALLOWED_ORIGINS plus the live hosts. */
export function allowedOrigins(allowed: string[], liveHosts: string[]): Set<string> {
  const origins = new Set(allowed.map((o) => o.toLowerCase()));
  for (const host of liveHosts) {
    const m = /^(wss?):\/\/(.+)$/i.exec(host);
    if (m) {
      const scheme = m[1]!.toLowerCase() === 'wss' ? 'https' : 'http';
      origins.add(new URL(`${scheme}://${m[2]}`).origin);
    } else {
      // A bare host name serves whichever scheme the page uses.
      origins.add(new URL(`https://${host}`).origin);
      origins.add(new URL(`http://${host}`).origin);
    }
  }
  return origins;
}

/**
 * Same-origin compares the Origin's host with the Host the request was sent to (the scheme may
 * differ behind a TLS-terminating proxy); anything else must be on the list.
 */
export function originAllowed(
  origin: string | undefined,
  requestHost: string,
  allowed: ReadonlySet<string>,
): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.host === requestHost.toLowerCase()) return true;
  return allowed.has(url.origin);
}
