// Request bodies for the fuzz generator: JSON, forms and multipart, valid, mutated and broken.
import type { FuzzRoute } from './routes.ts';
import { BIG, deep, enc, mutatedObject, validValue, type FuzzContext, type Rng } from './values.ts';

export interface Body {
  kind: string;
  type?: string;
  data: Buffer;
}

function multipart(fields: [string, string | Buffer, string?][], boundary: string): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value, filename] of fields) {
    const disp = filename
      ? `form-data; name="${name}"; filename="${filename}"`
      : `form-data; name="${name}"`;
    const type = filename ? 'Content-Type: image/png\r\n' : '';
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disp}\r\n${type}\r\n`));
    parts.push(typeof value === 'string' ? Buffer.from(value) : value);
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function flatFields(obj: Record<string, unknown>): [string, string][] {
  return Object.entries(obj).map(([k, v]) => [
    k,
    typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
  ]);
}

export function body(route: FuzzRoute, rng: Rng, ctx: FuzzContext): Body {
  const valid = () =>
    (route.body ? validValue(route.body, rng, ctx) : {}) as Record<string, unknown>;
  const pick = rng.int(0, route.multipart ? 19 : 15);
  const boundary = `----kjfuzz${rng.int(0, 1e9)}`;
  const mp = (kind: string, data: Buffer, b = boundary) => ({
    kind,
    type: `multipart/form-data; boundary=${b}`,
    data,
  });
  switch (pick) {
    case 0:
    case 1:
      return {
        kind: 'body:json-valid',
        type: 'application/json',
        data: Buffer.from(JSON.stringify(valid())),
      };
    case 2:
    case 3:
      return {
        kind: 'body:json-mutated',
        type: 'application/json',
        data: Buffer.from(JSON.stringify(mutatedObject(route.body, rng, ctx))),
      };
    case 4:
      return {
        kind: 'body:form-valid',
        type: 'application/x-www-form-urlencoded',
        data: Buffer.from(new URLSearchParams(flatFields(valid())).toString()),
      };
    case 5: {
      const fields = flatFields(mutatedObject(route.body, rng, ctx));
      if (rng.bool(0.3)) fields.push([fields[0]?.[0] ?? 'a', 'dup']);
      return {
        kind: 'body:form-mutated',
        type: 'application/x-www-form-urlencoded',
        data: Buffer.from(
          fields.map(([k, v]) => `${enc(k)}=${rng.bool(0.2) ? '%' : enc(v)}`).join('&'),
        ),
      };
    }
    case 6:
      return {
        kind: 'body:deep-json',
        type: 'application/json',
        data: Buffer.from(deep(rng.int(1000, 20000), rng.bool())),
      };
    case 7:
      return {
        kind: 'body:big-string',
        type: 'application/json',
        data: Buffer.from(
          JSON.stringify({
            ...valid(),
            [rng.pick(Object.keys(route.body?.properties ?? { x: 1 }))]: 'x'.repeat(BIG),
          }),
        ),
      };
    case 8:
      return {
        kind: 'body:broken-json',
        type: 'application/json',
        data: Buffer.from(
          rng.pick([
            '{',
            '{"a":',
            '[1,2',
            '{"a":1}}',
            "{'a':1}",
            'nul',
            '"\\u12"',
            '{"a":1,"a":2}',
            '\u0000',
            '',
          ]),
        ),
      };
    case 9: {
      const data = Buffer.concat([
        Buffer.from('{"'),
        rng.pick([
          Buffer.from([0xc3, 0x28]),
          Buffer.from([0xff, 0xfe]),
          Buffer.from([0xed, 0xa0, 0x80]),
          Buffer.from([0xf8, 0x88, 0x80, 0x80, 0x80]),
        ]),
        Buffer.from('":"\u0000"}'),
      ]);
      return {
        kind: 'body:invalid-utf8',
        type: rng.pick(['application/json', 'application/x-www-form-urlencoded', 'text/plain']),
        data,
      };
    }
    case 10:
      return {
        kind: 'body:proto-pollution',
        type: 'application/json',
        data: Buffer.from(
          rng.pick([
            '{"__proto__":{"isAdmin":true}}',
            '{"constructor":{"prototype":{"isAdmin":true}}}',
            '{"a":1,"__proto__":{"x":1}}',
            '[{"__proto__":1}]',
          ]),
        ),
      };
    case 11:
      return {
        kind: 'body:wrong-type',
        type: rng.pick([
          'text/plain',
          'application/xml',
          'application/octet-stream',
          'image/png',
          'text/html',
          'application/json; charset=utf-16',
          'application/json;;',
          'multipart/form-data',
          'application/x-www-form-urlencoded; charset=latin1',
          '*/*',
          'a/b/c',
          '',
        ]),
        data: Buffer.from(JSON.stringify(valid())),
      };
    case 12:
      return {
        kind: 'body:array',
        type: 'application/json',
        data: Buffer.from(
          JSON.stringify(
            rng.bool()
              ? [valid()]
              : Object.fromEntries(Object.entries(valid()).map(([k, v]) => [k, [v, v]])),
          ),
        ),
      };
    case 13:
      return {
        kind: 'body:scalar',
        type: 'application/json',
        data: Buffer.from(
          rng.pick(['1', '"x"', 'true', 'null', '1e999', '-0', '123456789012345678901234567890']),
        ),
      };
    case 14:
      return mp('body:multipart-valid', multipart(flatFields(valid()), boundary));
    case 15: {
      const good = multipart(flatFields(valid()), boundary);
      const broken = rng.pick([
        () => good.subarray(0, rng.int(0, good.length - 1)),
        () =>
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`,
          ),
        () => Buffer.from(`--${boundary}\r\n\r\n\r\n`),
        () => Buffer.from('no boundary here'),
        () => multipart([['a', 'x'.repeat(10_000)]], boundary),
        () =>
          multipart(
            Array.from({ length: 40 }, (_, i): [string, string] => [`f${i}`, 'v']),
            boundary,
          ),
        () =>
          multipart(
            [
              ['__proto__', 'x'],
              ['constructor', 'y'],
            ],
            boundary,
          ),
        () => multipart([['file', PNG_1x1, 'a.png']], boundary),
      ])();
      return rng.bool(0.2)
        ? mp('body:multipart-broken', broken, '')
        : mp('body:multipart-broken', broken);
    }
    default: {
      // Uploads: real and fake images, wrong field names, two files, oversized parts.
      const file = rng.pick([
        () => PNG_1x1,
        () => Buffer.concat([PNG_1x1.subarray(0, 8), rng.bytes(rng.int(0, 200))]),
        () =>
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        () =>
          Buffer.from(
            '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><svg>&e;</svg>',
          ),
        () => Buffer.from('GIF89a<script>'),
        () => rng.bytes(rng.int(0, 4000)),
        () => Buffer.alloc(0),
      ])();
      const name = rng.pick(['a.png', '../../x.png', 'a.svg', '', '\u0000.png', 'x'.repeat(300)]);
      const fields: [string, string | Buffer, string?][] = [
        [rng.pick(['file', 'image', '']), file, name],
      ];
      if (rng.bool(0.2)) fields.push(['file', file, name]);
      if (rng.bool(0.2)) fields.unshift(['note', 'x']);
      return mp('body:upload', multipart(fields, boundary));
    }
  }
}
