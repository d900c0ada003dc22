// A member's messages and collection. Callers pass the authenticated member id; every query is
// scoped by it, so an id guessed from another member's list finds nothing.
import type {
  CollectionItem,
  CollectionKind,
  CollectionPage,
  MemberMessage,
  MessagePage,
} from '@kaijiang/domain';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { CollectionRecord } from '../../repositories/collection-repository.ts';
import type { MessageRecord } from '../../repositories/message-repository.ts';

/** Enough for anyone's favourites, small enough that one member cannot grow the table at will. */
export const COLLECTION_LIMIT = 500;

/**
 * Checks that a collected item exists and names it. Undefined = no such item. Until the content
 * service registers a resolver for news, its ids are taken on trust with the title the page gave
 * (a member can only mislabel their own list).
 */
export type CollectionResolver = (
  refId: string,
  title: string | undefined,
) => Promise<{ title: string } | undefined>;

const toMessage = (m: MessageRecord): MemberMessage => ({
  id: m.id,
  title: m.title,
  content: m.content,
  read: m.readAt !== null,
  createdAt: m.createdAt,
});

const toItem = (c: CollectionRecord): CollectionItem => ({
  id: c.id,
  kind: c.kind as CollectionKind,
  refId: c.refId,
  title: c.title,
  createdAt: c.createdAt,
});

export function createInbox(repos: Repositories, now: () => Date = () => new Date()) {
  const resolvers = new Map<CollectionKind, CollectionResolver>([
    ['news', async (refId, title) => ({ title: title || `资讯 #${refId}` })],
    [
      'draw',
      async (refId) => {
        const [gameId, issue] = refId.split(':');
        if (!gameId || !issue || !/^\d{1,9}$/.test(gameId)) return undefined;
        const [draw, game] = await Promise.all([
          repos.draws.get(Number(gameId), issue),
          repos.games.get(Number(gameId)),
        ]);
        return draw && game ? { title: `${game.name} 第${issue}期` } : undefined;
      },
    ],
  ]);

  return {
    /** For the content service: check and name its items instead of trusting the page. */
    setCollectionResolver(kind: CollectionKind, resolver: CollectionResolver): void {
      resolvers.set(kind, resolver);
    },

    async messages(memberId: number, page: number, pageSize: number): Promise<MessagePage> {
      const [items, total, unread] = await Promise.all([
        repos.messages.page(memberId, { limit: pageSize, offset: (page - 1) * pageSize }),
        repos.messages.count(memberId),
        repos.messages.countUnread(memberId),
      ]);
      return { items: items.map(toMessage), page, pageSize, total, unread };
    },
    unread: (memberId: number) => repos.messages.countUnread(memberId),
    async markRead(memberId: number, id: number): Promise<void> {
      if (!(await repos.messages.markRead(memberId, id, now().toISOString()))) {
        throw notFound('消息不存在');
      }
    },
    markAllRead: (memberId: number) => repos.messages.markAllRead(memberId, now().toISOString()),

    async collections(
      memberId: number,
      opts: { kind?: CollectionKind; page: number; pageSize: number },
    ): Promise<CollectionPage> {
      const [items, total] = await Promise.all([
        repos.collections.page(memberId, {
          kind: opts.kind,
          limit: opts.pageSize,
          offset: (opts.page - 1) * opts.pageSize,
        }),
        repos.collections.count(memberId, opts.kind),
      ]);
      return { items: items.map(toItem), page: opts.page, pageSize: opts.pageSize, total };
    },
    async collect(
      memberId: number,
      input: { kind: CollectionKind; refId: string; title?: string },
    ): Promise<CollectionItem> {
      const existing = await repos.collections.find(memberId, input.kind, input.refId);
      if (existing) return toItem(existing);
      // The old one-series gallery is retired (issue 45): its entries stay listed, no new ones.
      // The picture library's series are starred through gallery-favourites instead.
      if (input.kind === 'gallery') {
        throw new AppError(400, 'REQ/INVALID', '旧图库已下线，请在图库中收藏系列', {
          kind: '旧图库已下线',
        });
      }
      const resolved = await resolvers.get(input.kind)?.(input.refId, input.title?.trim());
      if (!resolved) throw notFound('收藏的内容不存在');
      if ((await repos.collections.count(memberId)) >= COLLECTION_LIMIT) {
        throw new AppError(400, 'REQ/INVALID', `收藏最多 ${COLLECTION_LIMIT} 条，请先删除一些`, {
          refId: '收藏数量已达上限',
        });
      }
      const item = await repos.collections.add(
        memberId,
        { kind: input.kind, refId: input.refId, title: resolved.title.slice(0, 200) },
        now().toISOString(),
      );
      return toItem(item);
    },
    async find(memberId: number, kind: CollectionKind, refId: string) {
      const item = await repos.collections.find(memberId, kind, refId);
      return item ? toItem(item) : null;
    },
    async remove(memberId: number, id: number): Promise<void> {
      if (!(await repos.collections.remove(memberId, id))) throw notFound('收藏不存在');
    },
    async removeRef(memberId: number, kind: CollectionKind, refId: string): Promise<void> {
      if (!(await repos.collections.removeRef(memberId, kind, refId))) throw notFound('收藏不存在');
    },
  };
}

export type Inbox = ReturnType<typeof createInbox>;
