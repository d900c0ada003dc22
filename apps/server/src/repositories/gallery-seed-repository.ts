// Writes of many series and issues at once (the demo seed) and the start-up repair of series
// migration 0018 made (docs/architecture.md §14).
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { PictureRow, SeriesFields } from './gallery-series-repository.ts';

interface SeedIssue {
  issue: string;
  year: number;
  publishedAt: string;
  pictures: Omit<PictureRow, 'issueId'>[];
}

/** A series' new issues and their pictures, inside the caller's transaction. */
async function writeIssues(tx: Transaction<DB>, seriesId: number, issues: SeedIssue[]) {
  if (issues.length === 0) return;
  const ids = await tx
    .insertInto('gallery_series_issues')
    .values(
      issues.map((i) => ({
        series_id: seriesId,
        issue: i.issue,
        year: i.year,
        published_at: i.publishedAt,
      })),
    )
    .returning(['id', 'issue'])
    .execute();
  const idOf = new Map(ids.map((r) => [r.issue, r.id]));
  const pictures = issues.flatMap((i) =>
    i.pictures.map((p) => ({
      issue_id: idOf.get(i.issue)!,
      variant: p.variant,
      position: p.position,
      ...p.image,
      caption: p.caption,
    })),
  );
  if (pictures.length > 0)
    await tx.insertInto('gallery_series_pictures').values(pictures).execute();
}

export function createGallerySeedRepository(db: Kysely<DB>) {
  return {
    /** Many new issues of a series with their pictures at once (the demo seed). */
    insertIssues: (seriesId: number, issues: SeedIssue[]) =>
      db.transaction().execute((tx) => writeIssues(tx, seriesId, issues)),
    /**
     * New series with their issues and pictures in one transaction, counters written as they
     * are (the demo seed: a few round trips a series, so a first start on PostgreSQL stays fast).
     */
    seedSeries: (
      list: {
        fields: SeriesFields;
        views: number;
        now: string;
        issues: SeedIssue[];
      }[],
    ) =>
      db.transaction().execute(async (tx) => {
        for (const s of list) {
          const newest = s.issues.reduce<(typeof s.issues)[number] | undefined>(
            (a, b) => (!a || b.issue > a.issue ? b : a),
            undefined,
          );
          const { id } = await tx
            .insertInto('gallery_series')
            .values({
              game_id: s.fields.gameId,
              name: s.fields.name,
              initials: s.fields.initials,
              modes: s.fields.modes,
              position: s.fields.position,
              hidden: s.fields.hidden ? 1 : 0,
              cover_issue: s.fields.coverIssue,
              views: s.views,
              issue_count: s.issues.length,
              latest_issue: newest?.issue ?? null,
              latest_at: newest?.publishedAt ?? null,
              cover: newest?.pictures[0] ? JSON.stringify(newest.pictures[0].image) : null,
              created_at: s.now,
              updated_at: s.now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await writeIssues(tx, id, s.issues);
        }
      }),
    /** Series with issues but no cover yet (those migration 0018 made from issue 15's entries). */
    async withoutCover(): Promise<number[]> {
      const rows = await db
        .selectFrom('gallery_series')
        .select('id')
        .where('cover', 'is', null)
        .where('issue_count', '>', 0)
        .limit(1000)
        .execute();
      return rows.map((r) => r.id);
    },
    /** The names of a game's series (the seed leaves those alone). */
    async names(gameId: number): Promise<Set<string>> {
      const rows = await db
        .selectFrom('gallery_series')
        .select('name')
        .where('game_id', '=', gameId)
        .execute();
      return new Set(rows.map((r) => r.name));
    },
  };
}
