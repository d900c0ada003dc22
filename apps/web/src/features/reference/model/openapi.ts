/** The parts of an OpenAPI 3 document the API guide shows. */
import { format, type Locale } from '@/shared/i18n';
import { constraintWords } from './api-words';

export interface ApiParam {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  type: string;
  description: string;
  /** Human notes: range, default, allowed values. */
  constraints: string[];
  default?: string | number;
  enum?: (string | number)[];
}

export interface ApiOperation {
  id: string;
  method: string;
  /** As documented, e.g. /app-api/api/v2/draws/{gameId}/{issue}. */
  path: string;
  summary: string;
  description: string;
  params: ApiParam[];
  /** What a success answers with (application/json or text/csv). */
  produces: string;
}

interface RawSchema {
  type?: string;
  minimum?: number;
  maximum?: number;
  default?: string | number;
  enum?: (string | number)[];
  pattern?: string;
  anyOf?: RawSchema[];
  const?: string | number;
  description?: string;
}
interface RawParam {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: RawSchema;
}
interface RawOperation {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: RawParam[];
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
export interface OpenApiDoc {
  paths?: Record<string, Record<string, RawOperation>>;
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];

function param(p: RawParam, locale: Locale): ApiParam | null {
  if (p.in !== 'query' && p.in !== 'path') return null;
  const s = p.schema ?? {};
  const values = s.enum ?? s.anyOf?.map((a) => a.const).filter((v) => v !== undefined);
  const constraints: string[] = [];
  if (s.minimum !== undefined && s.maximum !== undefined)
    constraints.push(`${s.minimum}–${s.maximum}`);
  else if (s.minimum !== undefined) constraints.push(`≥ ${s.minimum}`);
  else if (s.maximum !== undefined) constraints.push(`≤ ${s.maximum}`);
  const w = constraintWords[locale];
  if (values?.length) constraints.push(format(w.values, { values: values.join(' / ') }));
  if (s.default !== undefined) constraints.push(format(w.default, { value: s.default }));
  return {
    name: p.name,
    in: p.in,
    required: p.in === 'path' || !!p.required,
    type: s.type ?? (values?.length ? 'string' : 'string'),
    description: p.description ?? s.description ?? '',
    constraints,
    ...(s.default !== undefined && { default: s.default }),
    ...(values?.length && { enum: values as (string | number)[] }),
  };
}

/** Every operation with the given tag, in document order, its notes in the given language. */
export function operationsOf(
  doc: OpenApiDoc,
  tag: string,
  locale: Locale = 'zh-Hans',
): ApiOperation[] {
  const out: ApiOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op || !op.tags?.includes(tag)) continue;
      const content = Object.keys(op.responses?.['200']?.content ?? {});
      out.push({
        id: `${method}-${path}`,
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? '',
        description: op.description ?? '',
        params: (op.parameters ?? [])
          .map((p) => param(p, locale))
          .filter((p): p is ApiParam => p !== null),
        produces: content.find((c) => c !== 'application/json') ?? 'application/json',
      });
    }
  }
  return out;
}

/** The URL of a call with the given values: path parameters filled in, empty ones left out. */
export function buildUrl(origin: string, op: ApiOperation, values: Record<string, string>): string {
  let path = op.path;
  const query = new URLSearchParams();
  for (const p of op.params) {
    const v = (values[p.name] ?? '').trim();
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(v));
    else if (v !== '') query.set(p.name, v);
  }
  const qs = query.toString();
  return `${origin}${path}${qs ? `?${qs}` : ''}`;
}
