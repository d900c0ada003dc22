import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ListEditor } from './list-editor';
import { SaveStatus } from './save-status';

type Row = { id: number; text: string };
const list = (over: Partial<Parameters<typeof ListEditor<Row>>[0]['list']>) => ({
  isLoading: false,
  refetch: vi.fn(),
  ...over,
});
const editor = (l: Parameters<typeof ListEditor<Row>>[0]['list']) => (
  <ListEditor<Row>
    id="things"
    title="常见问题"
    empty="还没有问题"
    addTitle="添加问题"
    list={l}
    keyOf={(r) => r.id}
    form={(r) => <form aria-label={r ? `问题 ${r.id}` : '新问题'} />}
  />
);

describe('ListEditor', () => {
  it('gives each row its form under the titled section, then the add form', () => {
    render(
      editor(
        list({
          data: [
            { id: 1, text: 'a' },
            { id: 2, text: 'b' },
          ],
        }),
      ),
    );
    expect(screen.getByRole('region', { name: '常见问题' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('form', { name: '问题 2' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '添加问题' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: '新问题' })).toBeInTheDocument();
  });

  it('says an empty list, and a failed one with a retry', async () => {
    const { unmount } = render(editor(list({ data: [] })));
    expect(screen.getByText('还没有问题')).toBeInTheDocument();
    unmount();
    const failed = list({ error: { status: 500, code: 'SYS/ERROR', msg: '', fields: {} } });
    render(editor(failed));
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(failed.refetch).toHaveBeenCalledOnce();
  });
});

describe('SaveStatus', () => {
  it('says the error first, then 保存中, then 已保存, else nothing', () => {
    const { rerender, container } = render(<SaveStatus saving saved problem="数字不对" />);
    expect(screen.getByRole('alert')).toHaveTextContent('数字不对');
    rerender(<SaveStatus saving saved />);
    expect(screen.getByRole('status')).toHaveTextContent('保存中');
    rerender(<SaveStatus saved />);
    expect(screen.getByRole('status')).toHaveTextContent('已保存');
    rerender(<SaveStatus />);
    expect(container).toBeEmptyDOMElement();
  });
});
