/**
 * The path of a request URL as a router would resolve it: query dropped, percent-decoding applied
 * (`%2F` too, which errs towards a longer, more reserved path), empty and dot segments resolved,
 * no trailing slash. Security decisions made on the raw URL miss spellings such as `/%61pp-api`,
 * `//app-api` or `/./app-api` that reach the same route. A segment that is not valid
 * percent-encoding keeps what can be decoded (its ASCII escapes), so a malformed URL still shows
 * which part of the site it was aimed at.
 */
export function requestPath(url: string): string {
  let path = url;
  // Absolute form (`POST http://host/path HTTP/1.1`) is legal on the request line.
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    path = path.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  }
  const end = path.search(/[?#]/);
  if (end >= 0) path = path.slice(0, end);
  // Nearly every request: nothing to decode or resolve (it runs for each one, CORS included).
  if (path.startsWith('/') && !/%|\/\/|\/\.|.\/$/.test(path)) return path;
  return resolveSegments(path);
}

/** The whole resolution, without the shortcut (exported for the test that compares the two). */
export function resolveSegments(path: string): string {
  const segments: string[] = [];
  for (const raw of path.split('/')) {
    for (const segment of decodeSegment(raw).split('/')) {
      if (segment === '' || segment === '.') continue;
      if (segment === '..') segments.pop();
      else segments.push(segment);
    }
  }
  return `/${segments.join('/')}`;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment.replace(/%[0-7][0-9a-f]/gi, (escape) => decodeURIComponent(escape));
  }
}
