// The console's first screen: each game's state, who is watching, today's figures, recent changes.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  dateKey,
  drawDaysAt,
  EnvelopeSchema,
  zonedParts,
  zonedTimeToUtc,
  type ConsoleDashboard,
} from '@kaijiang/domain';
import type { ScheduledGame } from '../../services/draws/service.ts';
import { ok } from '../../lib/envelope.ts';
import { BASE, DashboardSchema, Errors, tags } from './schemas.ts';

/** The draw days in force today, and a change of them still to come. */
function daysNow(g: ScheduledGame, now: Date) {
  if (g.intervalMinutes) return { drawDays: [], daysChange: null };
  const today = dateKey(zonedParts(now, g.timezone));
  const pending = (g.earlierDays ?? []).find((e) => e.until > today);
  return {
    drawDays: [...drawDaysAt(g, today)],
    daysChange: pending
      ? { from: pending.until, drawDays: [...drawDaysAt(g, pending.until)] }
      : null,
  };
}

const dashboard: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.consoleSession({ enrolling: false }));
  app.get(
    `${BASE}/dashboard`,
    {
      schema: {
        tags,
        summary:
          "Games' state, live sockets, chat online, today's members and questions, recent audit",
        response: { 200: EnvelopeSchema(DashboardSchema), ...Errors },
      },
    },
    async () => {
      const now = new Date(app.draws.clock());
      // "Today" as the site's visitors count it (Beijing and Hong Kong time).
      const today = zonedTimeToUtc(
        zonedParts(now, 'Asia/Shanghai'),
        0,
        0,
        'Asia/Shanghai',
      ).toISOString();
      const [games, figures, rooms] = await Promise.all([
        app.draws.games(),
        app.consoleReads.figures(today, now.getTime()),
        app.chat.rooms(),
      ]);
      const states = await Promise.all(
        games.map(async (g) => {
          const [snap, source] = await Promise.all([
            app.draws.snapshot(g.id),
            app.drawsAdmin.sourceSettings(g.id),
          ]);
          return {
            id: g.id,
            name: g.name,
            source: source?.source ?? 'simulator',
            streamUrl: g.streamUrl ?? '',
            drawTime: g.intervalMinutes ? null : g.drawTime,
            ...daysNow(g, now),
            timezone: g.timezone,
            schedule: g.schedule,
            nextIssue: snap?.nextIssue ?? null,
            nextDrawAt: snap?.nextDrawAt ?? null,
            drawing: snap?.status === 'drawing',
            engineHolder: figures.engineHolder,
          };
        }),
      );
      const answer: ConsoleDashboard = {
        games: states,
        liveSockets: app.liveStats.sockets(),
        lastFanout: app.liveStats.lastFanout(),
        chatOnline: rooms.reduce((n, r) => n + r.online, 0),
        newMembersToday: figures.newMembersToday,
        questionsToday: figures.questionsToday,
        openQuestions: figures.openQuestions,
        recentAudit: figures.recentAudit,
      };
      return ok(answer);
    },
  );
};

export default dashboard;
