import { zonedTimeToUtc, type Game, type PrizeInput } from '@kaijiang/domain';
import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { prizeProblems } from '../prize-record.ts';
import { FeedError, fetchJson } from './feed-http.ts';
import {
  FEED_MAX_BYTES,
  FEED_MAX_ITEMS,
  FEED_TIMEOUT_MS,
  type FeedClient,
  type FeedDraw,
  type FeedUpcoming,
} from './feed-types.ts';

export const HKJC_DEFAULT_URL = 'https://info.cld.hkjc.com/graphql/base/';

const FRAGMENT = `fragment lotteryDrawsFragment on LotteryDraw {
  id year no openDate closeDate drawDate status snowballCode snowballName_en snowballName_ch
  lotteryPool { sell status totalInvestment jackpot unitBet estimatedPrize derivedFirstPrizeDiv
    lotteryPrizes { type winningUnit dividend } }
  drawResult { drawnNo xDrawnNo }
}`;
const RESULT_QUERY = `${FRAGMENT}
query marksixResult($lastNDraw: Int, $startDate: String, $endDate: String, $drawType: LotteryDrawType) {
  lotteryDraws(lastNDraw: $lastNDraw, startDate: $startDate, endDate: $endDate, drawType: $drawType) {
    ...lotteryDrawsFragment
  }
}`;
const NEXT_QUERY = `${FRAGMENT}
query marksixDraw {
  lotteryDraws { ...lotteryDrawsFragment }
}`;

const Money = Type.String({ pattern: '^[0-9]{0,15}$' });
const Ball = Type.Integer({ minimum: 1, maximum: 49 });
const DrawItem = Type.Object({
  id: Type.String({ pattern: '^[0-9]{4,8}[A-Z]?$' }),
  year: Type.String({ pattern: '^(19|20)[0-9]{2}$' }),
  no: Type.Integer({ minimum: 1, maximum: 999 }),
  closeDate: Type.String({ maxLength: 40 }),
  drawDate: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}', maxLength: 40 }),
  status: Type.String({ maxLength: 40 }),
  snowballName_ch: Type.Optional(Type.Union([Type.String({ maxLength: 60 }), Type.Null()])),
  lotteryPool: Type.Union([
    Type.Null(),
    Type.Object({
      totalInvestment: Type.Union([Money, Type.Null()]),
      jackpot: Type.Union([Money, Type.Null()]),
      unitBet: Type.Union([Type.Integer({ minimum: 1, maximum: 1000 }), Type.Null()]),
      estimatedPrize: Type.Union([Money, Type.Null()]),
      derivedFirstPrizeDiv: Type.Union([Money, Type.Null()]),
      lotteryPrizes: Type.Union([
        Type.Null(),
        Type.Array(
          Type.Object({
            type: Type.Integer({ minimum: 1, maximum: 7 }),
            winningUnit: Type.Number({ minimum: 0, maximum: 1e12 }),
            dividend: Money,
          }),
          { maxItems: 7 },
        ),
      ]),
    }),
  ]),
  drawResult: Type.Union([
    Type.Null(),
    Type.Object({
      drawnNo: Type.Union([Type.Null(), Type.Array(Ball, { maxItems: 6 })]),
      xDrawnNo: Type.Union([Type.Null(), Ball]),
    }),
  ]),
});
type HkjcDraw = Static<typeof DrawItem>;
const Answer = Type.Object({
  data: Type.Object({ lotteryDraws: Type.Array(DrawItem, { maxItems: FEED_MAX_ITEMS }) }),
});
const checkAnswer = Compile(Answer);

const pad = (n: number) => String(n).padStart(2, '0');
const money = (s: string | null | undefined): number | null =>
  s === null || s === undefined || s === '' ? null : Number(s);

/** `2025134` for draw 25/134. */
export const hkjcIssue = (d: Pick<HkjcDraw, 'year' | 'no'>) =>
  `${d.year}${String(d.no).padStart(3, '0')}`;

/** The draw's instant: its date (Hong Kong) at the game's draw time. */
function drawInstant(d: HkjcDraw, game: Game): string {
  const [year, month, day] = d.drawDate.slice(0, 10).split('-').map(Number) as [
    number,
    number,
    number,
  ];
  const [h, m] = game.drawTime.split(':').map(Number) as [number, number];
  return zonedTimeToUtc({ year, month, day }, h, m, game.timezone).toISOString();
}

/**
 * The prize record in our terms, or undefined when it does not hold together. `winningUnit` is
 * units times the draw's unit stake; units are kept to a tenth.
 */
export function hkjcPrizes(d: HkjcDraw): PrizeInput | undefined {
  const pool = d.lotteryPool;
  const unit = pool?.unitBet;
  if (!pool?.lotteryPrizes || !unit) return undefined;
  const turnover = money(pool.totalInvestment);
  if (turnover === null) return undefined;
  const divisions = [...pool.lotteryPrizes]
    .sort((a, b) => a.type - b.type)
    .map((p) => {
      const winners = Math.round((p.winningUnit / unit) * 10) / 10;
      return { division: p.type, winners, dividend: winners === 0 ? null : money(p.dividend) };
    });
  const input: PrizeInput = {
    divisions,
    turnover,
    jackpot: money(pool.jackpot) ?? 0,
    snowball: d.snowballName_ch ? d.snowballName_ch : null,
  };
  if (divisions.length !== 7) return undefined;
  return Object.keys(prizeProblems(input)).length === 0 ? input : undefined;
}

function toFeedDraw(d: HkjcDraw, game: Game): FeedDraw | undefined {
  const regular = d.drawResult?.drawnNo ?? [];
  const special = d.drawResult?.xDrawnNo ?? null;
  if (regular.length === 0) return undefined;
  const numbers = [...regular].sort((a, b) => a - b).map(pad);
  const complete = d.status === 'Result' && regular.length === 6 && special !== null;
  if (special !== null) numbers.push(pad(special));
  if (new Set(numbers).size !== numbers.length) throw new FeedError('a ball twice in one draw');
  const prizes = complete ? hkjcPrizes(d) : undefined;
  return {
    issue: hkjcIssue(d),
    drawAt: drawInstant(d, game),
    numbers: complete ? numbers : [],
    complete,
    ordered: false,
    ...(prizes && { prizes }),
  };
}

function toUpcoming(d: HkjcDraw, game: Game): FeedUpcoming {
  const pool = d.lotteryPool;
  // data/hkjc/README.md: derivedFirstPrizeDiv is the first-division prize announced before the
  // draw; estimatedPrize (empty in every published result) is read only when it is missing.
  const estimated = money(pool?.derivedFirstPrizeDiv) ?? money(pool?.estimatedPrize);
  const close = Date.parse(d.closeDate);
  return {
    issue: hkjcIssue(d),
    drawAt: drawInstant(d, game),
    estimatedPrize: estimated,
    salesCloseAt: Number.isNaN(close) ? null : new Date(close).toISOString(),
  };
}

const ymd = (t: Date, game: Game) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: game.timezone, dateStyle: 'short' })
    .format(t)
    .replaceAll('-', '');

/** The Jockey Club's results service (GraphQL), as data/hkjc's README describes it. */
export function createHkjcClient(
  url: string | null,
  game: Game,
  timeoutMs = FEED_TIMEOUT_MS,
): FeedClient {
  const endpoint = url ?? HKJC_DEFAULT_URL;
  async function ask(operationName: string, query: string, variables: object): Promise<HkjcDraw[]> {
    const body = await fetchJson({
      url: endpoint,
      method: 'POST',
      body: { operationName, variables, query },
      timeoutMs,
      maxBytes: FEED_MAX_BYTES,
    });
    if (!checkAnswer.Check(body)) throw new FeedError('an answer of another shape');
    return body.data.lotteryDraws;
  }
  const results = (variables: object) =>
    ask('marksixResult', RESULT_QUERY, {
      drawType: 'All',
      startDate: null,
      endDate: null,
      lastNDraw: null,
      ...variables,
    });
  return {
    kind: 'hkjc',
    async latest() {
      const [done, next] = await Promise.all([
        results({ lastNDraw: 3 }),
        ask('marksixDraw', NEXT_QUERY, {}),
      ]);
      const draws = done
        .map((d) => toFeedDraw(d, game))
        .filter((d): d is FeedDraw => d !== undefined)
        .sort((a, b) => b.issue.localeCompare(a.issue));
      // The draw still to come: the earliest without its result (the answer's order is not said).
      const coming = next
        .filter((d) => d.status !== 'Result')
        .sort((a, b) => hkjcIssue(a).localeCompare(hkjcIssue(b)))[0];
      return { draws, ...(coming && { upcoming: toUpcoming(coming, game) }) };
    },
    async since(from, now, max) {
      const out: FeedDraw[] = [];
      // A year per question keeps each answer far under the caps.
      for (let start = from; start <= now && out.length < max;) {
        const end = new Date(Math.min(start.getTime() + 365 * 86_400_000, now.getTime()));
        const items = await results({ startDate: ymd(start, game), endDate: ymd(end, game) });
        for (const d of items) {
          const f = toFeedDraw(d, game);
          if (f?.complete && Date.parse(f.drawAt) >= from.getTime()) out.push(f);
        }
        start = new Date(end.getTime() + 86_400_000);
      }
      return out.sort((a, b) => a.issue.localeCompare(b.issue)).slice(0, max);
    },
  };
}
