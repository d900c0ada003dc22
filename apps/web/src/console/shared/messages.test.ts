import { describe, expect, it } from 'vitest';
import { translate } from './i18n';
import { MESSAGES, type MessageKey } from './messages';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('console messages', () => {
  it('every text has both spellings, with the same values put in', () => {
    for (const [key, [hans, hant]] of Object.entries(MESSAGES)) {
      expect(hans.trim(), key).not.toBe('');
      expect(hant.trim(), key).not.toBe('');
      expect(placeholders(hant), key).toEqual(placeholders(hans));
    }
  });

  it('puts values in and picks the locale', () => {
    expect(translate('zh-Hans', 'desk.confirm', { n: '07' })).toBe('确认开出 07');
    expect(translate('zh-Hant', 'desk.confirm', { n: '07' })).toBe('確認開出 07');
    expect(translate('zh-Hans', 'pager.of', { page: 2 })).toBe('第 2 / {pages} 页');
  });

  it('names every audit action the server writes', () => {
    const actions = [
      'draws.ball',
      'draws.source',
      'draws.prizes',
      'operators.add',
      'operators.change',
      'members.disable',
      'members.enable',
      'members.reset-password',
      'members.message',
    ];
    for (const a of actions) expect(`action.${a}` in MESSAGES, a).toBe(true);
    expect(translate('zh-Hant', 'action.draws.ball' as MessageKey)).toBe('開出號碼');
  });
});
