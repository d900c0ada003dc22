import { describe, expect, it } from 'vitest';
import {
  cutWhole,
  excerptOf,
  repairedSummary,
  SUMMARY_CHARS,
} from '../../src/services/content/excerpt.ts';

describe('a news summary nobody wrote', () => {
  const long =
    '<p>新澳门六合彩每天晚上 21:32（澳门时间）开奖，每期依次开出 6 个正码和 1 个特码。开奖开始后，本站首页与“开奖直播”页面会逐球显示已开出的号码，无需手动刷新页面即可看到最新结果。</p>';

  it('ends on a whole phrase with an ellipsis, within the length', () => {
    const s = excerptOf(long);
    expect([...s].length).toBeLessThanOrEqual(SUMMARY_CHARS);
    expect(s.endsWith('…')).toBe(true);
    // Cut after 「号码，」 (the comma dropped), not inside 「无需手动」.
    expect(s.endsWith('已开出的号码…')).toBe(true);
  });

  it('leaves a table out instead of running its cells together', () => {
    const html =
      '<p>六合彩的 49 个号码分为红、蓝、绿三种波色。</p><table><tr><th>波色</th><th>号码</th></tr><tr><td>红波</td><td>01 02</td></tr></table><p>每年都一样。</p>';
    const s = excerptOf(html);
    expect(s).toBe('六合彩的 49 个号码分为红、蓝、绿三种波色。 每年都一样。');
    expect(s).not.toContain('红波');
  });

  it('keeps a short text whole, and words of a Latin text whole', () => {
    expect(cutWhole('短的摘要')).toBe('短的摘要');
    const latin = cutWhole('word '.repeat(30).trim(), 22);
    expect(latin).toBe('word word word word…');
  });

  it('repairs one the older rule cut at 80 characters, and leaves an editor’s alone', () => {
    const old = [...excerptOf(long.replace(/<[^>]+>/g, ''), 1000)].slice(0, 80).join('');
    expect(repairedSummary(old)).toMatch(/…$/);
    expect([...repairedSummary(old)].length).toBeLessThan(80);
    expect(repairedSummary('编辑写的摘要。')).toBe('编辑写的摘要。');
  });
});
