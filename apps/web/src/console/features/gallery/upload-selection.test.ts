import { describe, expect, it } from 'vitest';
import {
  addToSelection,
  formatSize,
  selectionProblem,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_FILES,
} from './upload-selection';

const png = (name: string, size = 10) =>
  new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('a bulk upload selection', () => {
  it('adds files once each and leaves out the files systems drop in folders', () => {
    const a = png('2026001.png');
    const kept = addToSelection([], [a, png('.DS_Store'), png('._2026001.png')]);
    expect(kept.map((f) => f.name)).toEqual(['2026001.png']);
    const more = addToSelection(kept, [png('2026001.png'), png('2026002.png')]);
    expect(more.map((f) => f.name)).toEqual(['2026001.png', '2026002.png']);
    expect(more[0]).toBe(a);
  });

  it('refuses more files or more bytes than one upload takes', () => {
    expect(selectionProblem([png('1.png')])).toBeNull();
    const many = Array.from({ length: UPLOAD_MAX_FILES + 1 }, (_, i) => png(`${i}.png`, 1));
    expect(selectionProblem(many)).toEqual({ kind: 'tooMany', n: UPLOAD_MAX_FILES + 1 });
    const big = { name: 'big.zip', size: UPLOAD_MAX_BYTES + 1 } as File;
    expect(selectionProblem([big])).toEqual({ kind: 'tooLarge', bytes: UPLOAD_MAX_BYTES + 1 });
  });

  it('says sizes as people read them', () => {
    expect(formatSize(12)).toBe('12 B');
    expect(formatSize(320 * 1024)).toBe('320 KB');
    expect(formatSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
  });
});
