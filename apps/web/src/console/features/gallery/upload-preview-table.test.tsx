import type { UploadPreview } from '@kaijiang/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { UploadPreviewTable } from './upload-preview-table';
import { summarize } from './upload-selection';

const file = (f: Partial<UploadPreview['files'][number]> & { name: string }) => ({
  issue: null,
  variant: null,
  position: null,
  replaces: false,
  problem: null,
  ...f,
});

const preview: UploadPreview = {
  token: 'tok',
  expiresAt: '2026-11-28T07:30:00.000Z',
  files: [
    file({ name: '2026120.png', issue: '2026120', variant: 'colour', position: 0 }),
    file({ name: '2026121.png', issue: '2026121', variant: 'colour', position: 0, replaces: true }),
    file({ name: '2026121-2.png', issue: '2026121', variant: 'colour', position: 1 }),
    file({ name: '2026121-mono.png', issue: '2026121', variant: 'mono', position: 0 }),
    file({ name: 'notes.txt', problem: '不是图片' }),
    file({ name: 'cover.png' }),
  ],
};

describe('the bulk upload preview', () => {
  it('counts what will be saved, what replaces a picture and what will not be saved', () => {
    expect(summarize(preview)).toEqual({
      ok: 4,
      replace: 1,
      bad: 2,
      issues: ['2026121', '2026120'],
    });
  });

  it('shows each file with its issue, version and place, problems first', () => {
    render(<UploadPreviewTable preview={preview} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      '4 个文件将保存到 2 期（其中 1 个替换已有图片），2 个有问题不保存',
    );
    const table = screen.getByRole('table', { name: '每个文件放到哪一期' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'cover.png',
      'notes.txt',
      '2026121.png',
      '2026121-2.png',
      '2026121-mono.png',
      '2026120.png',
    ]);
    expect(rows[0]).toHaveTextContent('不保存：文件名看不出期号');
    expect(rows[1]).toHaveTextContent('不保存：不是图片');
    expect(rows[2]).toHaveTextContent('2026121彩色第 1 张替换已有图片');
    expect(rows[3]).toHaveTextContent('2026121彩色第 2 张新增');
    expect(rows[4]).toHaveTextContent('2026121黑白第 1 张新增');
    expect(screen.getByText('预览 2026-11-28 15:30:00 前有效')).toBeInTheDocument();
  });

  it('can show only the files with a problem', async () => {
    render(<UploadPreviewTable preview={preview} />);
    await userEvent.click(screen.getByRole('checkbox', { name: '只看有问题的文件' }));
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'cover.png',
      'notes.txt',
    ]);
  });

  it('offers no filter when every file is fine', () => {
    render(<UploadPreviewTable preview={{ ...preview, files: preview.files.slice(0, 2) }} />);
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('2 个文件将保存到 2 期');
  });
});
