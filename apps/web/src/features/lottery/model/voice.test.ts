import { describe, expect, it } from 'vitest';
import { pickVoice } from './voice';

const v = (lang: string) => ({ lang, name: lang }) as SpeechSynthesisVoice;

describe('pickVoice', () => {
  const voices = [v('en-US'), v('zh-TW'), v('zh-CN'), v('zh_HK')];
  it('speaks Simplified Chinese pages in a Mainland voice', () => {
    expect(pickVoice(voices, 'zh-Hans')?.lang).toBe('zh-CN');
  });
  it('speaks Traditional Chinese pages in a Hong Kong voice first, then Taiwan', () => {
    expect(pickVoice(voices, 'zh-Hant')?.lang).toBe('zh_HK');
    expect(pickVoice([v('zh-TW'), v('zh-CN')], 'zh-Hant')?.lang).toBe('zh-TW');
  });
  it('finds none on a device without a Chinese voice (the chime plays instead)', () => {
    expect(pickVoice([v('en-US'), v('fr-FR')], 'zh-Hans')).toBeUndefined();
    expect(pickVoice([], 'zh-Hant')).toBeUndefined();
  });
});
