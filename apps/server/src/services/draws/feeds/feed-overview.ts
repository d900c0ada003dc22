import {
  isFeedKind,
  lagStats,
  type FeedAlert,
  type FeedOverview,
  type FeedTestResult,
} from '@kaijiang/domain';
import { notFound } from '../../../lib/errors.ts';
import type { Repositories } from '../../../repositories/index.ts';
import { normalSources } from '../feed-settings.ts';
import type { DrawService } from '../service.ts';
import { feedClientOf } from './feed-clients.ts';

/** Failures in a row before a source is an alert. */
const FAILING_AFTER = 3;

/** What the console shows of a game's feeds, with what an operator should look at first. */
export async function feedOverview(
  deps: { repos: Repositories; service: DrawService },
  gameId: number,
): Promise<FeedOverview> {
  const { repos, service } = deps;
  const settings = await repos.drawSources.get(gameId);
  if (!settings) throw notFound('游戏不存在');
  const [rows, disputes, snap] = await Promise.all([
    repos.feeds.states(gameId),
    repos.feeds.openDisputes(gameId),
    service.snapshot(gameId),
  ]);
  const states = rows.map(({ gameId: _, polledBy: __, lags, ...s }) => ({
    ...s,
    lag: lagStats(lags.map((l) => l.lagS)),
  }));
  const alerts: FeedAlert[] = [];
  if (snap?.status === 'delayed') {
    const minutes = Math.floor((service.clock() - Date.parse(snap.drawAt)) / 60_000);
    alerts.push({
      level: 'error',
      text: `第 ${snap.issue} 期开奖延迟 ${minutes} 分钟：没有来源给出结果`,
    });
  }
  for (const d of disputes)
    alerts.push({ level: 'error', text: `第 ${d.issue} 期各来源结果不一致，请核对后选定` });
  for (const s of states) {
    if (s.failures >= FAILING_AFTER)
      alerts.push({
        level: 'warn',
        text: `来源 ${s.position + 1}（${s.kind}）连续 ${s.failures} 次失败：${s.lastError ?? ''}`,
      });
  }
  return {
    settings,
    states,
    disputes: disputes.map((d) => ({
      issue: d.issue,
      candidates: d.candidates,
      openedAt: d.openedAt,
    })),
    alerts,
  };
}

/** One question to a feed the operator is setting up: its answer or its error, and how long. */
export async function testFeed(
  deps: { repos: Repositories; service: DrawService },
  gameId: number,
  entry: { kind: string; url?: string | null; remote?: string | null },
): Promise<FeedTestResult> {
  const game = await deps.service.game(gameId);
  if (!game) throw notFound('游戏不存在');
  const [normal] = normalSources([entry]);
  if (!normal || !isFeedKind(normal.kind))
    return { ok: false, answer: null, error: '该类型不是外部来源', ms: 0 };
  const client = feedClientOf(normal, game);
  if (!client) return { ok: false, answer: null, error: '缺少地址或远端名称', ms: 0 };
  const t = performance.now();
  try {
    const latest = await client.latest();
    const answer = JSON.stringify({
      draws: latest.draws.slice(0, 3).map((d) => ({
        issue: d.issue,
        drawAt: d.drawAt,
        numbers: d.numbers,
        complete: d.complete,
      })),
      ...(latest.upcoming && { upcoming: latest.upcoming }),
    });
    return { ok: true, answer, error: null, ms: Math.round(performance.now() - t) };
  } catch (err) {
    return {
      ok: false,
      answer: null,
      error: err instanceof Error ? err.message : String(err),
      ms: Math.round(performance.now() - t),
    };
  }
}
