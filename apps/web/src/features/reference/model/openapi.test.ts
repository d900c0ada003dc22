import { describe, expect, it } from 'vitest';
import { buildUrl, operationsOf, type OpenApiDoc } from './openapi';
import { snippet } from './snippets';
import { randomBelow, randomPick } from './random-pick';

const doc: OpenApiDoc = {
  paths: {
    '/app-api/api/v2/draws/history': {
      get: {
        tags: ['draws'],
        summary: 'History',
        parameters: [
          { name: 'gameId', in: 'query', required: true, schema: { type: 'integer', minimum: 1 } },
          {
            name: 'pageSize',
            in: 'query',
            schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
          },
          {
            name: 'scope',
            in: 'query',
            schema: { anyOf: [{ const: 'all' }, { const: 'special' }], default: 'all' },
          },
        ],
      },
    },
    '/app-api/api/v2/draws/{gameId}/{issue}': {
      get: {
        tags: ['draws'],
        parameters: [
          { name: 'gameId', in: 'path', schema: { type: 'integer' } },
          { name: 'issue', in: 'path', schema: { type: 'string' } },
        ],
      },
    },
    '/app-api/api/v2/news': { get: { tags: ['content'] } },
  },
};

describe('API guide model', () => {
  it('lists the operations of a tag with their parameters', () => {
    const ops = operationsOf(doc, 'draws');
    expect(ops.map((o) => o.path)).toEqual([
      '/app-api/api/v2/draws/history',
      '/app-api/api/v2/draws/{gameId}/{issue}',
    ]);
    const [gameId, pageSize, scope] = ops[0]!.params;
    expect(gameId).toMatchObject({ required: true, type: 'integer', constraints: ['≥ 1'] });
    expect(pageSize).toMatchObject({
      required: false,
      default: 20,
      constraints: ['1–100', '默认 20'],
    });
    expect(scope!.enum).toEqual(['all', 'special']);
    expect(ops[1]!.params.every((p) => p.required)).toBe(true);
  });

  it('builds call URLs and snippets', () => {
    const [history, one] = operationsOf(doc, 'draws');
    const path = history!.path.replace(/^\/app-api/, '');
    expect(
      buildUrl(
        'https://kj.example/app-api',
        { ...history!, path },
        { gameId: '110', pageSize: '' },
      ),
    ).toBe('https://kj.example/app-api/api/v2/draws/history?gameId=110');
    expect(buildUrl('', one!, { gameId: '110', issue: '2026 1' })).toBe(
      '/app-api/api/v2/draws/110/2026%201',
    );
    const url = 'https://kj.example/app-api/api/v2/draws/latest?gameId=110';
    expect(snippet('curl', url)).toBe(`curl -s '${url}'`);
    expect(snippet('python', url)).toContain(`urlopen('${url}', timeout=20)`);
    expect(snippet('php', url)).toContain("$answer['data']");
    expect(snippet('javascript', url)).toContain('await res.json()');
  });

  it('picks distinct numbers without modulo bias', () => {
    const picks = randomPick(7);
    expect(new Set(picks).size).toBe(7);
    expect(picks.every((n) => /^(0[1-9]|[1-4]\d)$/.test(n))).toBe(true);
    // A value in the biased tail is thrown away and drawn again.
    const values = [0xffff_ffff, 5];
    const source = (buf: Uint32Array<ArrayBuffer>) => {
      buf[0] = values.shift()!;
      return buf;
    };
    expect(randomBelow(49, source)).toBe(5);
  });
});
