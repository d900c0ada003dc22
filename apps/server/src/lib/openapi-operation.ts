// What the OpenAPI document says of each operation that its route does not say itself: an
// operationId (client generators name their methods by it) and who may call it. Pure, so the
// rules are tested without building the app.

/** Path prefixes that say nothing about the operation (API bases, the static data root). */
const BASES = [
  '/app-api/api/v2/',
  '/app-api/api/',
  '/app-api/v/',
  '/app-api/',
  '/sys-upload/data/json/',
];

const words = (s: string) => s.split(/[^A-Za-z0-9]+/).filter(Boolean);
const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/**
 * `GET /app-api/api/v2/draws/{gameId}/{issue}` → `getDrawsByGameIdByIssue`;
 * `GET /sys-upload/data/json/games.json` → `getGamesJson`.
 */
export function operationIdOf(method: string, url: string): string {
  const base = BASES.find((b) => url.startsWith(b));
  const rest = base ? url.slice(base.length) : url;
  const parts = rest
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^[{:](\w+)}?$/.exec(segment);
      return param ? ['by', ...words(param[1]!)] : words(segment);
    });
  return method.toLowerCase() + parts.map(capital).join('');
}

export type Caller = 'public' | 'member' | 'admin';

/** Security schemes of the document (components.securitySchemes). */
export const SECURITY_SCHEMES = {
  adminToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'Authorization: Bearer ADMIN_TOKEN (operators; see README)',
  },
  memberToken: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: 'The member token answered by login or registration (docs/architecture.md §4)',
  },
  chatToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The chat token (chat calls) or chat login token (POST /chat-api/session), docs/architecture.md §10',
  },
} as const;

/** The security requirement of a caller kind: public operations say so with an empty list. */
export function securityOf(caller: Caller): Record<string, string[]>[] {
  if (caller === 'admin') return [{ adminToken: [] }];
  if (caller === 'member') return [{ memberToken: [] }];
  return [];
}

/** Operator calls live under /app-api/admin/: none of them is public, whatever the route says. */
export const isAdminUrl = (url: string) => url.startsWith('/app-api/admin/');
