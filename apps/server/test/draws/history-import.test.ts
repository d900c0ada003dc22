// The history import over the whole real Hong Kong file (apps/server/data): twice (nothing
// changes the second time), a file contradicting a stored result (refused, then replaced and
// audited), the Macau year envelope through admin.ts and the running server.
import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REAL_HISTORY_FILE } from '../../src/services/draws/history/real-seed.ts';
import { databaseEnv, listenForCli, runCli } from '../helpers/cli.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const IMPORT = path.resolve(import.meta.dirname, '../../src/cli/import.ts');
const ADMIN = path.resolve(import.meta.dirname, '../../src/cli/admin.ts');
const TOKEN = 'history-import-token-0123456789abcdef';

interface Item {
  year: string;
  no: number;
  drawResult: { drawnNo: number[]; xDrawnNo: number };
}
const realText = brotliDecompressSync(await fs.readFile(REAL_HISTORY_FILE)).toString('utf8');
const realItems = (JSON.parse(realText) as { data: { lotteryDraws: Item[] } }).data.lotteryDraws;

describe('history import', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp({ adminToken: TOKEN });
    dir = t.env.dataDir;
  });
  afterAll(async () => {
    await t.close();
  });

  const write = async (name: string, text: string) => {
    const file = path.join(dir, name);
    await fs.writeFile(file, text);
    return file;
  };
  const cli = (args: string[]) => runCli(IMPORT, args, databaseEnv(t.env));

  it('imports the whole real file, then again without a change', async () => {
    const file = await write('hkjc.json', realText);
    const first = await cli(['--game', '111', '--format', 'hkjc', file]);
    expect(first.code, first.err).toBe(0);
    expect(first.out).toMatch(
      /added 4374, .*unchanged 0, .*replaced 0, .*refused 0, .*prize records 4374/,
    );
    const again = await cli(['--game', '111', '--format', 'hkjc', file]);
    expect(again.code, again.err).toBe(0);
    expect(again.out).toMatch(
      /added 0, .*unchanged 4374, .*replaced 0, .*refused 0, .*prize records 0/,
    );
    expect(await t.app.repos.draws.countDone(111)).toBe(4374);

    // 93/001: one division, its winners not published, HK$4 a unit; an import marks its source.
    const d = (await t.app.inject('/app-api/api/v2/draws/111/1993001')).json().data;
    expect(d).toMatchObject({
      issue: '1993001',
      drawAt: '1993-01-05T13:30:00.000Z',
      numbers: ['01', '08', '13', '24', '35', '43', '33'],
      source: 'import',
      prizes: {
        divisions: [{ division: 1, winners: null, dividend: 3068972 }],
        turnover: null,
        jackpot: null,
        unitStake: 4,
      },
    });
    // 26/086: seven divisions, units to a tenth of HK$10 (winningUnit 5 is half a unit).
    const last = (await t.app.inject('/app-api/api/v2/draws/111/2026086')).json().data;
    expect(last.prizes.divisions[0]).toEqual({ division: 1, winners: 0.5, dividend: 8000000 });
    expect(last.prizes).toMatchObject({ turnover: 37885574, jackpot: 986625, unitStake: 10 });
    expect(last.prizes.divisions).toHaveLength(7);
  }, 120_000);

  it('refuses a file that contradicts a stored result, then replaces it with --replace', async () => {
    const changed = structuredClone(realItems.slice(0, 3));
    changed[1]!.drawResult.xDrawnNo = changed[1]!.drawResult.xDrawnNo === 1 ? 2 : 1;
    const issue = `${changed[1]!.year}${String(changed[1]!.no).padStart(3, '0')}`;
    const before = (await t.app.repos.draws.get(111, issue))!;
    const file = await write('changed.json', JSON.stringify({ data: { lotteryDraws: changed } }));

    const refused = await cli(['--game', '111', '--format', 'hkjc', file]);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/added 0, .*unchanged 2, .*replaced 0, .*refused 1/);
    expect(refused.out).toContain(issue);
    expect(refused.out).toContain('--replace');
    expect((await t.app.repos.draws.get(111, issue))!.numbers).toEqual(before.numbers);

    const replaced = await cli(['--game', '111', '--format', 'hkjc', file, '--replace']);
    expect(replaced.code, replaced.err).toBe(0);
    expect(replaced.out).toMatch(/added 0, .*unchanged 2, .*replaced 1, .*refused 0/);
    const after = (await t.app.repos.draws.get(111, issue))!;
    expect(after.numbers.at(-1)).not.toBe(before.numbers.at(-1));
    const audit = await t.app.repos.audit.list({ action: 'draws.import', limit: 5 });
    const entry = audit.find((e) => e.before?.includes(issue));
    expect(entry?.before).toContain(before.numbers.join('","'));

    // Back as it was, through the admin API (admin.ts) this time.
    const url = await listenForCli(t.app);
    const admin = (args: string[]) =>
      runCli(ADMIN, [...args, '--url', url], { ADMIN_TOKEN: TOKEN });
    const original = await write('original.json', realText);
    const back = await admin(['import', '--game', '111', '--format', 'hkjc', original]);
    expect(back.code).toBe(1);
    expect(back.out).toMatch(/refused 1/);
    const fixed = await admin([
      'import',
      '--game',
      '111',
      '--format',
      'hkjc',
      original,
      '--replace',
    ]);
    expect(fixed.code, fixed.err).toBe(0);
    expect(fixed.out).toMatch(/added 0, .*unchanged 4373, .*replaced 1, .*refused 0/);
    expect((await t.app.repos.draws.get(111, issue))!.numbers).toEqual(before.numbers);
  }, 120_000);

  it('takes a Macau year envelope through admin.ts, refusing a number outside a draw range', async () => {
    const url = await listenForCli(t.app).catch(
      () => `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`,
    );
    const admin = (args: string[]) =>
      runCli(ADMIN, [...args, '--url', url], { ADMIN_TOKEN: TOKEN });
    const year = {
      code: 200,
      data: [
        {
          expect: '2025002',
          openTime: '2025-01-02 21:32:00',
          openCode: '05,12,19,26,33,40,47',
          wave: 'red',
          zodiac: '牛',
        },
        {
          expect: '2025001',
          openTime: '2025-01-01 21:32:00',
          openCode: '01,02,03,04,05,06,07',
          wave: 'red',
          zodiac: '蛇',
        },
      ],
    };
    const file = await write('macau.json', JSON.stringify(year));
    const r = await admin(['import', '--game', '110', '--format', 'macaujc', file]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/added 2, .*unchanged 0/);
    const again = await admin(['import', '--game', '110', '--format', 'macaujc', file]);
    expect(again.out).toMatch(/added 0, .*unchanged 2/);
    expect(await t.app.repos.draws.get(110, '2025002')).toMatchObject({
      drawAt: '2025-01-02T13:32:00.000Z',
      source: 'import',
    });
    // A 1994 Hong Kong draw could not have drawn 46: the file is wrong, nothing goes in.
    const bad = structuredClone(realItems.find((x) => x.year === '1994')!);
    bad.drawResult.xDrawnNo = 46;
    bad.no = 150;
    const badFile = await write('bad.json', JSON.stringify({ data: { lotteryDraws: [bad] } }));
    const refused = await admin(['import', '--game', '111', '--format', 'hkjc', badFile]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('01-45');
    expect(await t.app.repos.draws.get(111, '1994150')).toBeUndefined();
  }, 60_000);
});
