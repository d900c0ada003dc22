import type { ImportOutcome } from './apply.ts';

/** The counts of an import as the CLIs print them (Chinese first, English after). */
export function outcomeLines(o: ImportOutcome, replace: boolean): string[] {
  const lines = [
    `新增 added ${o.added}, 未变 unchanged ${o.unchanged}, 替换 replaced ${o.replaced}, ` +
      `拒绝 refused ${o.refused}, 派彩记录 prize records ${o.prizes}`,
  ];
  for (const c of o.contradictions.slice(0, 20)) {
    lines.push(
      `  ${c.issue}: 库中 stored ${c.stored.numbers.join(',')} (${c.stored.drawAt}) ≠ ` +
        `文件 file ${c.file.numbers.join(',')} (${c.file.drawAt})`,
    );
  }
  if (o.contradictions.length > 20) lines.push(`  … 共 ${o.contradictions.length} 期 / in total`);
  if (o.refused > 0 && !replace)
    lines.push(
      '文件与已存开奖结果矛盾，未导入任何数据；确认无误后加 --replace 覆盖（会记入审计日志）',
    );
  return lines;
}
