import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListItemControls, useListItem } from './list-item';

type Row = { id: number; text: string; sort: number; active: boolean };
const idle = { isLoading: false };

function RowForm({
  row,
  save,
  remove,
}: {
  row?: Row;
  save: (arg: object) => Promise<{ data: unknown } | { error: unknown }>;
  remove: (id: number) => Promise<{ data: unknown }>;
}) {
  const [text, setText] = useState(row?.text ?? '');
  const item = useListItem({
    row,
    save: (order) => save({ ...order, text }),
    saving: idle,
    remove,
    removing: idle,
    clear: () => setText(''),
  });
  return (
    <form aria-label="行" onSubmit={item.submit}>
      <input aria-label="文字" value={text} onChange={(e) => setText(e.currentTarget.value)} />
      <ListItemControls item={item} idPrefix="cs-thing" ready={text !== ''} />
      {item.status}
    </form>
  );
}

afterEach(() => vi.restoreAllMocks());

describe('ListItemControls', () => {
  it('saves a row with its order and 显示, then says 已保存', async () => {
    const save = vi.fn().mockResolvedValue({ data: {} });
    render(
      <RowForm row={{ id: 3, text: 'a', sort: 2, active: true }} save={save} remove={vi.fn()} />,
    );
    expect(screen.getByLabelText('排序')).toHaveAttribute('id', 'cs-thing-sort-3');
    await userEvent.clear(screen.getByLabelText('排序'));
    await userEvent.type(screen.getByLabelText('排序'), '5');
    await userEvent.click(screen.getByRole('checkbox', { name: '显示' }));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(save).toHaveBeenCalledWith({ id: 3, sort: 5, active: false, text: 'a' });
    expect(await screen.findByRole('status')).toHaveTextContent('已保存');
    expect(screen.getByLabelText('文字')).toHaveValue('a');
  });

  it('on the add form: no delete, add waits for the fields, and clears them once added', async () => {
    const save = vi.fn().mockResolvedValue({ data: {} });
    render(<RowForm save={save} remove={vi.fn()} />);
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.getByLabelText('排序')).toHaveAttribute('id', 'cs-thing-sort-new');
    expect(screen.getByRole('button', { name: '添加' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('文字'), 'b');
    await userEvent.click(screen.getByRole('button', { name: '添加' }));
    expect(save).toHaveBeenCalledWith({ id: undefined, sort: 0, active: true, text: 'b' });
    expect(screen.getByLabelText('文字')).toHaveValue('');
  });

  it('keeps the fields and says no 已保存 when the save failed', async () => {
    const save = vi.fn().mockResolvedValue({ error: { status: 500 } });
    render(<RowForm save={save} remove={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('文字'), 'b');
    await userEvent.click(screen.getByRole('button', { name: '添加' }));
    expect(save).toHaveBeenCalledOnce();
    expect(screen.getByLabelText('文字')).toHaveValue('b');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('deletes only once the operator confirms', async () => {
    const remove = vi.fn().mockResolvedValue({ data: {} });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false);
    render(
      <RowForm row={{ id: 7, text: 'a', sort: 0, active: true }} save={vi.fn()} remove={remove} />,
    );
    await userEvent.click(screen.getByRole('button', { name: '删除' }));
    expect(remove).not.toHaveBeenCalled();
    confirm.mockReturnValueOnce(true);
    await userEvent.click(screen.getByRole('button', { name: '删除' }));
    expect(remove).toHaveBeenCalledWith(7);
  });
});
