// The one way to store results over ones already stored (issue 41): an import, an operator's
// correction, a source's correction, a dispute settled. Whoever asks, a console session must
// have given its password or a code lately (ADMIN_TOKEN and the command line are trusted by
// their own means, a feed by its configuration), and each replaced draw is audited with what it
// was and what it became (repositories/draw-result-repository.ts). No result is stored before its
// draw's time (repositories/draw-repository.ts, assertDrawn).
import { REAUTH_WINDOW_MS } from '@kaijiang/domain';
import { AppError } from '../../lib/errors.ts';
import type { DrawRecord, Repositories } from '../../repositories/index.ts';
import type { StoreResultsCounts } from '../../repositories/draw-result-repository.ts';
import type { DrawService } from './service.ts';

/** Who is changing results. */
export type ResultWriter =
  | {
      kind: 'console';
      operatorId: number;
      name: string;
      address: string;
      /** When the session last gave its password or a code (null: never since sign-in). */
      reauthAt: string | null;
    }
  | { kind: 'token'; address: string }
  | { kind: 'cli'; name: string }
  | { kind: 'source'; name: string };

/** The writer of an admin request: its console session, or ADMIN_TOKEN. */
export function writerOfRequest(request: {
  operator: { id: number | null; name: string } | null;
  consoleAuth: { reauthAt: string | null } | null;
  ip: string;
}): ResultWriter {
  const op = request.operator;
  if (op && op.id !== null) {
    return {
      kind: 'console',
      operatorId: op.id,
      name: op.name,
      address: request.ip,
      reauthAt: request.consoleAuth?.reauthAt ?? null,
    };
  }
  return { kind: 'token', address: request.ip };
}

/** How results are being changed: each replaced draw's audit action is `draws.result.<how>`. */
export type ResultChange = 'import' | 'correct' | 'source' | 'dispute';

/** Refuses a console session that has not given its password or a code within the window. */
export function assertMayChangeResults(writer: ResultWriter, now = Date.now()): void {
  if (writer.kind !== 'console') return;
  const at = writer.reauthAt ? Date.parse(writer.reauthAt) : 0;
  if (now - at > REAUTH_WINDOW_MS) {
    throw new AppError(403, 'ADMIN/REAUTH_REQUIRED', '此操作需要重新验证密码或验证码');
  }
}

function stampOf(writer: ResultWriter) {
  switch (writer.kind) {
    case 'console':
      return { operatorId: writer.operatorId, actor: writer.name, address: writer.address };
    case 'token':
      return { operatorId: null, actor: 'ADMIN_TOKEN', address: writer.address };
    case 'cli':
      return { operatorId: null, actor: 'cli', address: `cli:${writer.name}` };
    case 'source':
      return { operatorId: null, actor: `source:${writer.name}`, address: '' };
  }
}

/**
 * Stores draws: new issues inserted, existing ones replaced (`update`, only where they differ)
 * or left alone (`skip`). All or nothing; the game's cached answers are dropped after.
 */
export async function storeResults(
  deps: { repos: Repositories; service?: Pick<DrawService, 'invalidate'> },
  gameId: number,
  draws: readonly DrawRecord[],
  opts: {
    change: ResultChange;
    writer: ResultWriter;
    onExisting: 'update' | 'skip';
    reason?: string;
    /** Issue → numbers (comma-joined) the caller read: replaced only while still those. */
    expected?: ReadonlyMap<string, string>;
  },
): Promise<StoreResultsCounts> {
  assertMayChangeResults(opts.writer);
  const counts = await deps.repos.drawResults.store(gameId, draws, {
    onExisting: opts.onExisting,
    expected: opts.expected,
    stamp: {
      ...stampOf(opts.writer),
      action: `draws.result.${opts.change}`,
      ...(opts.reason !== undefined && { reason: opts.reason }),
    },
  });
  if (counts.inserted + counts.updated > 0) deps.service?.invalidate(gameId);
  return counts;
}
