import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { ChangeFeed } from '../lib/change-feed.ts';
import { createCompanyRepository } from './company-repository.ts';
import type { CompanyRepository } from './company-repository.ts';
import { createConfigRepository } from './config-repository.ts';
import type { ConfigRepository } from './config-repository.ts';
import { createGameRepository } from './game-repository.ts';
import type { GameRepository } from './game-repository.ts';
import { createMetaRepository } from './meta-repository.ts';
import type { MetaRepository } from './meta-repository.ts';
import { createNoticeRepository } from './notice-repository.ts';
import type { NoticeRepository } from './notice-repository.ts';

export interface Repositories {
  meta: MetaRepository;
  config: ConfigRepository;
  games: GameRepository;
  notices: NoticeRepository;
  company: CompanyRepository;
}

export function createRepositories(db: Kysely<DB>, changes: ChangeFeed): Repositories {
  return {
    meta: createMetaRepository(db),
    config: createConfigRepository(db, changes),
    games: createGameRepository(db, changes),
    notices: createNoticeRepository(db, changes),
    company: createCompanyRepository(db, changes),
  };
}

export type {
  CompanyRepository,
  ConfigRepository,
  GameRepository,
  MetaRepository,
  NoticeRepository,
};
export type { GameRecord } from './game-repository.ts';
export type { NewNotice, NoticeRecord } from './notice-repository.ts';
