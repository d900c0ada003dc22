// What the console's moderators set in the chat besides messages and mutes (routes/chat-admin/):
// who moderates, and the blocked words. Composed into the chat service's `operator` calls
// (service.ts), which owns the blocked-word cache these edits drop.
import { notFound } from '../../lib/errors.ts';
import type { Repositories } from '../../repositories/index.ts';

export function createChatModeration(deps: {
  repos: Repositories;
  now: () => Date;
  /** Drops the chat service's blocked-word cache, so that an edit holds at once. */
  forgetWords: () => void;
}) {
  const { repos, now, forgetWords } = deps;
  return {
    async setRole(memberId: number, role: 'member' | 'moderator'): Promise<void> {
      if (!(await repos.chat.setRole(memberId, role))) throw notFound('会员不存在');
    },
    blockedWords: () => repos.chat.blockedWords(),
    async blockWord(word: string): Promise<void> {
      await repos.chat.addBlockedWord(word.trim(), now().toISOString());
      forgetWords();
    },
    async unblockWord(word: string): Promise<void> {
      if (!(await repos.chat.removeBlockedWord(word))) throw notFound('没有这个词');
      forgetWords();
    },
  };
}
