import type { AdminSeries } from '@kaijiang/domain';
import { configureStore } from '@reduxjs/toolkit';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { describe, expect, it, vi } from 'vitest';
import { consoleApi } from '../../shared/api';
import { BulkUpload } from './bulk-upload';
import { UPLOAD_MAX_FILES } from './upload-selection';

const series = { id: 9, name: '马会传真', gameId: 111, modes: 'colour' } as AdminSeries;
const png = (name: string) => new File([new Uint8Array(8)], name, { type: 'image/png' });

function renderUpload() {
  const store = configureStore({
    reducer: { [consoleApi.reducerPath]: consoleApi.reducer },
    middleware: (d) => d().concat(consoleApi.middleware),
  });
  render(
    <Provider store={store}>
      <BulkUpload series={series} onClose={vi.fn()} />
    </Provider>,
  );
}

describe('the bulk upload', () => {
  it('keeps the selection when the preview call fails', async () => {
    renderUpload();
    expect(screen.getByRole('heading', { name: '批量上传到 马会传真' })).toHaveFocus();
    const input = screen.getByLabelText('选择图片或 zip');
    await userEvent.upload(input, [png('2026101.png'), png('2026102.png')]);
    // Picking the same file again adds nothing.
    await userEvent.upload(input, [png('2026102.png')]);
    expect(screen.getByText('已选 2 个文件，共 16 B')).toBeInTheDocument();
    // No server answers in this test's page: the call fails as it would on a lost connection.
    await userEvent.click(screen.getByRole('button', { name: '预览对应关系' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('网络连接失败');
    expect(alert).toHaveTextContent('所选文件仍在，可修正后再预览。');
    expect(screen.getByText('已选 2 个文件，共 16 B')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '预览对应关系' })).toBeEnabled();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when a selection is larger than one upload takes and sends nothing', async () => {
    renderUpload();
    expect(screen.getByLabelText('选择文件夹')).toHaveAttribute('webkitdirectory');
    const many = Array.from({ length: UPLOAD_MAX_FILES + 1 }, (_, i) => png(`${2026000 + i}.png`));
    await userEvent.upload(screen.getByLabelText('选择文件夹'), many);
    expect(screen.getByRole('alert')).toHaveTextContent(
      `一次最多 ${UPLOAD_MAX_FILES} 个文件，已选 ${UPLOAD_MAX_FILES + 1} 个`,
    );
    expect(screen.getByRole('button', { name: '预览对应关系' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: '清空选择' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
