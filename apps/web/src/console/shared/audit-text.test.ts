import { describe, expect, it } from 'vitest';
import { actionChoices, actionLabel, changeLines, targetText } from './audit-text';

describe('audit entries in words', () => {
  it('names catalogued actions, sign-in events and route-named changes', () => {
    expect(actionLabel('operators.add', 'zh-Hans')).toBe('添加管理员');
    expect(actionLabel('console.signin.fail', 'zh-Hans')).toBe('后台登录：失败');
    expect(actionLabel('console.signin.ok', 'zh-Hant')).toBe('後台登入：成功');
    expect(actionLabel('console.signin', 'zh-Hans')).toBe('后台登录');
    expect(actionLabel('PUT /app-api/admin/notices/:id', 'zh-Hans')).toBe('修改滚动公告');
    expect(actionLabel('DELETE /app-api/admin/news/:id', 'zh-Hans')).toBe('删除资讯');
    expect(actionLabel('draws.something-new', 'zh-Hans')).toBe('开奖：其他操作');
    for (const a of ['operators.add', 'PUT /app-api/admin/faqs/:id', 'console.signin.locked'])
      expect(actionLabel(a, 'zh-Hans')).not.toMatch(/[a-z]{3}/);
  });

  it('reads targets and changes field by field, without JSON or engine ids', () => {
    expect(targetText('{"gameId":110}', 'zh-Hans')).toBe('彩种 110');
    expect(targetText('{}', 'zh-Hans')).toBeNull();
    const lines = changeLines(
      {
        before: { gameId: 110, source: 'simulator', upstreamUrl: null, instanceId: 'eng-7f3a' },
        after: { source: 'manual' },
      },
      'zh-Hans',
    );
    expect(lines).toEqual([{ field: '开奖来源', before: '模拟开奖', after: '手动录入' }]);
    const added = changeLines(
      { before: null, after: { username: 'drawer', password: '[hidden]', role: 'draw' } },
      'zh-Hans',
    );
    expect(added).toEqual([
      { field: '用户名', before: null, after: 'drawer' },
      { field: '密码', before: null, after: '（已隐藏）' },
      { field: '角色', before: null, after: '开奖员' },
    ]);
    for (const l of added) expect(l.after).not.toMatch(/[{}"]/);
  });

  it('leaves a sign-in outcome to the action name and reads instants as local time', () => {
    const lines = changeLines(
      { before: null, after: { outcome: 'enrol', expiresAt: '2026-11-29T17:21:00.853Z' } },
      'zh-Hans',
    );
    const local = new Date('2026-11-29T17:21:00.853Z');
    const hh = String(local.getHours()).padStart(2, '0');
    expect(lines).toEqual([
      {
        field: '有效期至',
        before: null,
        after: `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')} ${hh}:21`,
      },
    ]);
  });

  it('offers every named action in the filter, grouped by area', () => {
    const groups = actionChoices('zh-Hans');
    const draws = groups.find((g) => g.prefix === 'draws.');
    expect(draws?.area).toBe('开奖');
    expect(draws?.actions).toContain('draws.source');
  });
});
