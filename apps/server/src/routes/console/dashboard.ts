// The console's first screen: each game's state, who is watching, today's figures, recent changes.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  EnvelopeSchema,
  zonedParts,
  zonedTimeToUtc,
  type ConsoleDashboard,
} from '@kaijiang/domain';
import { ok } from '../../lib/envelope.ts';
import { LEASE_NAME } from '../../draws/engine.ts';
import { toAuditRecord } from './audit.ts';
import { BASE, DashboardSchema, Errors, tags } from './schemas.ts';

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
      const [games, lease, rooms, newMembersToday, questionsToday, open, audit] = await Promise.all(
        [
          app.draws.games(),
          app.repos.leases.holder(LEASE_NAME),
          app.chat.rooms(),
          app.repos.members.countSince(today),
          app.repos.questions.countSince(today),
          app.repos.questions.page({ status: 'open', limit: 1, offset: 0 }),
          app.repos.audit.list({ limit: 8 }),
        ],
      );
      const holder = lease && Date.parse(lease.expiresAt) > now.getTime() ? lease.holder : null;
      const states = await Promise.all(
        games.map(async (g) => {
          const [snap, source] = await Promise.all([
            app.draws.snapshot(g.id),
            app.repos.drawSources.get(g.id),
          ]);
          return {
            id: g.id,
            name: g.name,
            source: source?.source ?? 'simulator',
            streamUrl: g.streamUrl ?? '',
            drawTime: g.intervalMinutes ? null : g.drawTime,
            nextIssue: snap?.nextIssue ?? null,
            nextDrawAt: snap?.nextDrawAt ?? null,
            drawing: snap?.status === 'drawing',
            engineHolder: holder,
          };
        }),
      );
      const answer: ConsoleDashboard = {
        games: states,
        liveSockets: app.liveStats.sockets(),
        chatOnline: rooms.reduce((n, r) => n + r.online, 0),
        newMembersToday,
        questionsToday,
        openQuestions: open.total,
        recentAudit: audit.map(toAuditRecord),
      };
      return ok(answer);
    },
  );
};

export default dashboard;
