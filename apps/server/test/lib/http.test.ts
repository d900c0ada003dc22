import { describe, expect, it } from 'vitest';
import {
  acceptsHtml,
  addVary,
  isReservedPath,
  matchesEtag,
  pickEncoding,
  type ContentCoding,
} from '../../src/lib/http.ts';
import fc from 'fast-check';
import { requestPath, resolveSegments } from '../../src/lib/request-path.ts';

describe('pickEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['identity', 'identity'],
    ['gzip;q=0, br;q=0', 'identity'],
  ])('%s → %s', (header, expected) => {
    expect(pickEncoding(header, ['br', 'gzip'])).toBe(expected);
  });

  it('only offers what exists', () => {
    expect(pickEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(pickEncoding('br, gzip', [])).toBe('identity');
  });

  it('answers a kept choice as the header itself would, for any header and offer', () => {
    const part = fc.tuple(
      fc.constantFrom('br', 'gzip', 'deflate', 'identity', '*', 'BR', 'x-zip'),
      fc.option(fc.constantFrom('0', '0.5', '1', '0.000', 'abc'), { nil: undefined }),
    );
    const header = fc
      .array(part, { minLength: 1, maxLength: 5 })
      .map((ps) => ps.map(([n, q]) => (q === undefined ? n : `${n};q=${q}`)).join(', '));
    const offer = fc.subarray(['br', 'gzip'] as ContentCoding[]);
    fc.assert(
      fc.property(header, offer, (h, av) => {
        // Past 128 characters nothing is kept: empty list items change nothing of the choice,
        // so the long spelling is the parse's own answer to compare the kept one with.
        const parsed = pickEncoding(`${h}${', '.repeat(80)}`, av);
        expect(pickEncoding(h, av)).toBe(parsed);
        expect(pickEncoding(h, av)).toBe(parsed);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('matchesEtag', () => {
  it('compares weakly and handles lists and *', () => {
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag('W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('"x", "a"', '"a"')).toBe(true);
    expect(matchesEtag('*', '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
    expect(matchesEtag(undefined, '"a"')).toBe(false);
  });
});

describe('isReservedPath', () => {
  it('keeps API, uploads and sockets away from the SPA fallback', () => {
    for (const p of ['/app-api', '/app-api/x', '/sys-upload/a.png', '/ws-game/1', '/app-api?x=1']) {
      expect(isReservedPath(p)).toBe(true);
    }
    for (const p of ['/', '/game/110', '/app-apis', '/news-detail/3']) {
      expect(isReservedPath(p)).toBe(false);
    }
  });

  it('however the path is spelt', () => {
    for (const p of [
      '/%61pp-api/x',
      '/app%2Dapi/x',
      '//app-api/x',
      '/./app-api',
      '/x/../app-api/y',
      '/APP-API/x',
      '/sys-upload/',
      'http://h/app-api/x',
      '/app-api/%',
      '/%61pp-api/%E0%A4%A',
    ]) {
      expect(isReservedPath(p), p).toBe(true);
    }
  });
});

describe('requestPath', () => {
  it('resolves what a router would', () => {
    const cases: Record<string, string> = {
      '/': '/',
      '': '/',
      '/a/b?c=/d': '/a/b',
      '/a//b/': '/a/b',
      '/a/./b/../c': '/a/c',
      '/../../a': '/a',
      '/%61%2Fb': '/a/b',
      '/a%2e%2e/b': '/a../b',
      '/%2e%2e/a': '/a',
      'http://h:1/x/y?z': '/x/y',
      '/%': '/%',
      '/%zz': '/%zz',
      '/%61pp-api/%E0%A4%A': '/app-api/%E0%A4%A',
      '/%61%': '/a%',
    };
    for (const [url, path] of Object.entries(cases)) expect(requestPath(url), url).toBe(path);
  });

  it('takes its shortcut only where the whole resolution gives the same path', () => {
    const part = fc.constantFrom('a', 'app-api', '.', '..', '', '%61', '%2F', '%', 'x.js', '~');
    const path = fc.array(part, { maxLength: 6 }).map((p) => p.join('/'));
    // Paths as they are once the query and an absolute form's origin are cut off.
    const bare = fc.string().filter((p) => !/[?#]/.test(p) && !/^[a-z][a-z0-9+.-]*:\/\//i.test(p));
    fc.assert(
      fc.property(
        fc.oneof(
          path,
          path.map((p) => `/${p}`),
          bare,
        ),
        (p) => {
          expect(requestPath(p)).toBe(resolveSegments(p));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('acceptsHtml', () => {
  it('takes a page unless JSON is preferred', () => {
    const yes = [
      undefined,
      '',
      '*/*',
      'text/*',
      'text/html',
      'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      'application/json;q=0.5, text/html',
      'image/webp,*/*',
    ];
    const no = [
      'application/json',
      'application/json, text/plain, */*',
      'text/html;q=0',
      'application/*',
      'image/png',
      'text/html;q=0.5, application/json',
    ];
    for (const h of yes) expect(acceptsHtml(h), String(h)).toBe(true);
    for (const h of no) expect(acceptsHtml(h), h).toBe(false);
  });
});

describe('addVary', () => {
  /** The two calls of a reply addVary makes, over a plain header map. */
  const replyWith = (vary?: string) => {
    const headers: Record<string, string> = vary === undefined ? {} : { vary };
    const reply = {
      getHeader: (name: string) => headers[name],
      header(name: string, value: string) {
        headers[name] = value;
        return reply;
      },
    };
    return { reply: reply as unknown as Parameters<typeof addVary>[0], headers };
  };

  it('keeps what an earlier hook said and adds the name once', () => {
    const fresh = replyWith();
    addVary(fresh.reply, 'accept-encoding');
    expect(fresh.headers.vary).toBe('accept-encoding');
    const cors = replyWith('Origin');
    addVary(cors.reply, 'accept-encoding');
    addVary(cors.reply, 'accept-encoding');
    expect(cors.headers.vary).toBe('Origin, accept-encoding');
    const already = replyWith('Accept-Encoding, Origin');
    addVary(already.reply, 'accept-encoding');
    expect(already.headers.vary).toBe('Accept-Encoding, Origin');
  });
});
