// What the console's moderators do to members (issue 15): find, disable and enable (which ends
// every session and chat token), reset a password, write to a member's messages.
import { randomBytes } from 'node:crypto';
import type { ConsoleMember } from '@kaijiang/domain';
import { AppError } from '../../lib/errors.ts';
import type { PasswordHasher } from './password.ts';
import { hashing } from './service.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { MemberRecord } from '../../repositories/member-repository.ts';

export interface MemberAdminDeps {
  repos: Repositories;
  hasher: PasswordHasher;
  /** Ends the member's chat tokens and open chat sockets (on every instance). */
  revokeChat: (memberId: number) => Promise<void>;
  now?: () => Date;
}

export const toConsoleMember = (m: MemberRecord): ConsoleMember => ({
  id: m.id,
  username: m.username,
  nickname: m.nickname,
  phone: m.phone,
  chatRole: m.chatRole,
  disabled: m.disabledAt !== null,
  createdAt: m.createdAt,
});

const noMember = () => new AppError(404, 'NOT_FOUND', '没有这个会员');

/** Readable and typeable from a phone call: no 0/O or 1/l. */
function temporaryPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(14)].map((b) => alphabet[b % alphabet.length]).join('');
}

export function createMemberAdmin(deps: MemberAdminDeps) {
  const { repos } = deps;
  const now = deps.now ?? (() => new Date());

  async function get(id: number): Promise<MemberRecord> {
    const m = await repos.members.get(id);
    if (!m) throw noMember();
    return m;
  }

  async function endEverything(id: number): Promise<number> {
    const ended = await repos.sessions.removeOthers(id, null);
    await deps.revokeChat(id);
    return ended;
  }

  return {
    async search(
      q: string,
      page: number,
      size: number,
      sort: 'newest' | 'oldest' | 'username' = 'newest',
    ) {
      const r = await repos.members.search({ q, page, size, sort });
      return { total: r.total, items: r.items.map(toConsoleMember) };
    },

    async get(id: number) {
      const m = await get(id);
      const sessions = await repos.sessions.countFor(id);
      return { member: toConsoleMember(m), sessions };
    },

    async setDisabled(id: number, disabled: boolean) {
      const before = toConsoleMember(await get(id));
      await repos.members.setDisabled(
        id,
        disabled ? now().toISOString() : null,
        now().toISOString(),
      );
      const sessionsEnded = disabled ? await endEverything(id) : 0;
      return { before, after: toConsoleMember(await get(id)), sessionsEnded };
    },

    /** A temporary password, shown once to the operator; every session of the member ends. */
    async resetPassword(id: number): Promise<string> {
      const m = await get(id);
      const password = temporaryPassword();
      const hash = await hashing(() => deps.hasher.hash(password, `acct:${m.username}`));
      await repos.members.setPasswordHash(id, hash, now().toISOString());
      await endEverything(id);
      return password;
    },

    async sendMessage(id: number, message: { title: string; content: string }) {
      await get(id);
      return repos.messages.create(id, message, now().toISOString());
    },
  };
}

export type MemberAdmin = ReturnType<typeof createMemberAdmin>;
