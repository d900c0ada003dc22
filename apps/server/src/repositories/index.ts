import { createCalendarRepository, type CalendarRepository } from './calendar-repository.ts';
import { createChatRepository, type ChatRepository } from './chat-repository.ts';
import { countRows } from './content-rows.ts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { ChangeFeed } from '../lib/change-feed.ts';
import { createCollectionRepository } from './collection-repository.ts';
import type { CollectionRepository } from './collection-repository.ts';
import { createCompanyRepository } from './company-repository.ts';
import type { CompanyRepository } from './company-repository.ts';
import { createConfigRepository } from './config-repository.ts';
import type { ConfigRepository } from './config-repository.ts';
import { createDrawRepository } from './draw-repository.ts';
import type { DrawRepository, RepositoryClock } from './draw-repository.ts';
import { createDrawResultRepository, type DrawResultRepository } from './draw-result-repository.ts';
import { createDrawSourceRepository } from './draw-source-repository.ts';
import type { DrawSourceRepository } from './draw-source-repository.ts';
import { createGameRepository } from './game-repository.ts';
import type { GameRepository } from './game-repository.ts';
import { createLeaseRepository } from './lease-repository.ts';
import type { LeaseRepository } from './lease-repository.ts';
import { createMemberRepository } from './member-repository.ts';
import type { MemberRepository } from './member-repository.ts';
import { createMessageRepository } from './message-repository.ts';
import type { MessageRepository } from './message-repository.ts';
import { createMetaRepository } from './meta-repository.ts';
import type { MetaRepository } from './meta-repository.ts';
import { createNoticeRepository } from './notice-repository.ts';
import type { NoticeRepository } from './notice-repository.ts';
import { createSessionRepository } from './session-repository.ts';
import type { SessionRepository } from './session-repository.ts';
import { createNewsRepository } from './news-repository.ts';
import type { NewsRepository } from './news-repository.ts';
import { createFaqRepository } from './faq-repository.ts';
import type { FaqRepository } from './faq-repository.ts';
import { createTeamConditionRepository } from './team-condition-repository.ts';
import type { TeamConditionRepository } from './team-condition-repository.ts';
import { createQuestionRepository } from './question-repository.ts';
import { createPrizeRepository } from './prize-repository.ts';
import type { PrizeRepository } from './prize-repository.ts';
import type { QuestionRepository } from './question-repository.ts';
import { createOperatorRepository, type OperatorRepository } from './operator-repository.ts';
import { createAuditRepository, type AuditRepository } from './audit-repository.ts';
import { createPushRepository, type PushRepository } from './push-repository.ts';
import { createFeedRepository, type FeedRepository } from './feed-repository.ts';
import {
  createGallerySeriesRepository,
  type GallerySeriesRepository,
} from './gallery-series-repository.ts';

export interface Repositories {
  meta: MetaRepository;
  config: ConfigRepository;
  games: GameRepository;
  notices: NoticeRepository;
  company: CompanyRepository;
  draws: DrawRepository;
  /** Writes that replace stored results, each replaced draw audited (the only such writes). */
  drawResults: DrawResultRepository;
  prizes: PrizeRepository;
  calendar: CalendarRepository;
  drawSources: DrawSourceRepository;
  leases: LeaseRepository;
  members: MemberRepository;
  sessions: SessionRepository;
  messages: MessageRepository;
  collections: CollectionRepository;
  news: NewsRepository;
  faqs: FaqRepository;
  teamConditions: TeamConditionRepository;
  questions: QuestionRepository;
  chat: ChatRepository;
  operators: OperatorRepository;
  audit: AuditRepository;
  push: PushRepository;
  feeds: FeedRepository;
  /** The picture library's named series (docs/architecture.md §14). */
  gallerySeries: GallerySeriesRepository;
  /**
   * The retired one-series gallery (issue 15): its rows stay as history, read only by migration
   * 0018 and by the demo seed's "is this installation empty" check.
   */
  oldGalleries: { count(): Promise<number> };
}

export function createRepositories(
  db: Kysely<DB>,
  changes: ChangeFeed,
  /** The draw engine's clock: no result is stored for a draw whose time is after it. */
  clock: RepositoryClock = Date.now,
): Repositories {
  return {
    meta: createMetaRepository(db),
    config: createConfigRepository(db, changes),
    games: createGameRepository(db, changes),
    notices: createNoticeRepository(db, changes),
    company: createCompanyRepository(db, changes),
    draws: createDrawRepository(db, clock),
    drawResults: createDrawResultRepository(db, clock),
    prizes: createPrizeRepository(db),
    calendar: createCalendarRepository(db, changes),
    drawSources: createDrawSourceRepository(db, changes),
    leases: createLeaseRepository(db),
    members: createMemberRepository(db),
    sessions: createSessionRepository(db),
    messages: createMessageRepository(db),
    collections: createCollectionRepository(db),
    news: createNewsRepository(db),
    faqs: createFaqRepository(db),
    teamConditions: createTeamConditionRepository(db),
    questions: createQuestionRepository(db),
    chat: createChatRepository(db),
    operators: createOperatorRepository(db),
    audit: createAuditRepository(db),
    push: createPushRepository(db),
    feeds: createFeedRepository(db),
    gallerySeries: createGallerySeriesRepository(db),
    oldGalleries: { count: () => countRows(db, 'galleries') },
  };
}

export type {
  CollectionRepository,
  CompanyRepository,
  ConfigRepository,
  DrawRepository,
  DrawSourceRepository,
  FaqRepository,
  GameRepository,
  LeaseRepository,
  MemberRepository,
  MessageRepository,
  MetaRepository,
  NewsRepository,
  NoticeRepository,
  PrizeRepository,
  QuestionRepository,
  SessionRepository,
  TeamConditionRepository,
};
export type { DrawRecord } from './draw-repository.ts';
export type { GameRecord } from './game-repository.ts';
export type { NewNotice, NoticeRecord } from './notice-repository.ts';
