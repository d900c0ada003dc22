/**
 * The path of a request URL as a router would resolve it: query dropped, percent-decoding applied
 * (`%2F` too, which errs towards a longer, more reserved path), empty and dot segments resolved,
 * no trailing slash. Null when the URL cannot be decoded. Security decisions made on the raw URL
 * miss spellings such as `/%61pp-api`, `//app-api` or `/./app-api` that reach the same route.
 */
export function requestPath(url: string): string | null {
  let path = url;
  // Absolute form (`POST http://host/path HTTP/1.1`) is legal on the request line.
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return null;
    }
  }
  const end = path.search(/[?#]/);
  if (end >= 0) path = path.slice(0, end);
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  const segments: string[] = [];
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}
