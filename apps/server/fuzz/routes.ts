// The fuzz target list comes from the app itself (an onRoute hook), so a route added tomorrow is
// fuzzed tomorrow without anyone editing a list.
import type { RouteOptions } from 'fastify';

/** A JSON schema as TypeBox emits it; only the keywords the generator understands are typed. */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  default?: unknown;
}

export interface FuzzRoute {
  method: string;
  /** find-my-way path: `:param`, `:param(regex)`, `*`. */
  url: string;
  querystring?: Schema;
  params?: Schema;
  body?: Schema;
  /** The route opted out of the anti-forgery check (header-token routes). */
  xsrfExempt: boolean;
  websocket: boolean;
  /** Declared multipart (uploads). */
  multipart: boolean;
}

const asSchema = (s: unknown): Schema | undefined =>
  s && typeof s === 'object' ? (s as Schema) : undefined;

export function toFuzzRoute(r: RouteOptions): FuzzRoute[] {
  const methods = Array.isArray(r.method) ? r.method : [r.method];
  const schema = (r.schema ?? {}) as Record<string, unknown>;
  const config = (r.config ?? {}) as { xsrf?: boolean };
  const consumes = Array.isArray(schema.consumes) ? (schema.consumes as string[]) : [];
  return methods.map((method) => ({
    method: method.toUpperCase(),
    url: r.url,
    querystring: asSchema(schema.querystring),
    params: asSchema(schema.params),
    body: asSchema(schema.body),
    xsrfExempt: config.xsrf === false,
    websocket: Boolean((r as { websocket?: boolean }).websocket),
    multipart: consumes.includes('multipart/form-data'),
  }));
}

/**
 * A route list and the hook that fills it: pass `onRoute` to buildApp, which adds it before any
 * plugin registers a route. HEAD twins of GET routes are kept: they take another code path.
 */
export function routeCollector(): { routes: FuzzRoute[]; onRoute: (r: RouteOptions) => void } {
  const routes: FuzzRoute[] = [];
  const seen = new Set<string>();
  return {
    routes,
    onRoute(r) {
      for (const route of toFuzzRoute(r)) {
        const key = `${route.method} ${route.url}`;
        if (seen.has(key)) continue;
        seen.add(key);
        routes.push(route);
      }
    },
  };
}

/** OpenAPI paths (`/draws/{gameId}`) in find-my-way spelling, to check nothing documented is missed. */
export function openApiRoutes(doc: {
  paths?: Record<string, Record<string, unknown>>;
}): { method: string; url: string }[] {
  return Object.entries(doc.paths ?? {}).flatMap(([p, ops]) =>
    Object.keys(ops)
      .filter((m) => /^(get|put|post|delete|patch|head|options)$/.test(m))
      .map((m) => ({ method: m.toUpperCase(), url: p.replace(/\{([^}]+)\}/g, ':$1') })),
  );
}
