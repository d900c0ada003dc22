import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/shared/i18n';
import { fakeServer } from '@/test/fixtures';
import { renderWithStore } from '@/test/render-with-store';
import type { OpenApiDoc } from '../model/openapi';
import { InstructApiScreen } from './instruct-api-screen';
import { ToolAssistantScreen } from './tool-assistant-screen';

const doc: OpenApiDoc = {
  paths: {
    '/app-api/api/v2/draws/history': {
      get: {
        tags: ['draws'],
        summary: 'History',
        parameters: [
          {
            name: 'pageSize',
            in: 'query',
            schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
          },
        ],
      },
    },
  },
};

describe('reference screens in Traditional Chinese', () => {
  afterEach(() => {
    act(() => setLocale('zh-Hans'));
    vi.unstubAllGlobals();
  });

  it('words the API guide, and the document’s notes again after a switch', async () => {
    const server = fakeServer({
      'GET /docs/json': () => Response.json(doc),
      'GET /api/v2/draws/latest': () => ({ issue: '2026001' }),
    });
    renderWithStore(<InstructApiScreen />, { server });
    const draws = screen.getByRole('region', { name: '开奖接口' });
    expect(await within(draws).findByText('每页条数；1–100；默认 20')).toBeInTheDocument();
    act(() => setLocale('zh-Hant'));
    expect(screen.getByRole('region', { name: '接入說明' })).toHaveTextContent(
      '所有接口返回統一格式 { code, msg, data }，code 為 OK 表示成功，出錯時 msg 為中文說明。',
    );
    const region = screen.getByRole('region', { name: '開獎接口' });
    expect(within(region).getByText('歷史開獎')).toBeInTheDocument();
    expect(within(region).getByText('每頁條數；1–100；預設 20')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: '試一試' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: '複製地址' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '數據文件' })).toHaveTextContent('?_t=時間戳');
  });

  it('names the tools and the numbers’ attributes', () => {
    act(() => setLocale('zh-Hant'));
    render(<ToolAssistantScreen />);
    expect(screen.getByLabelText('農曆年份')).toBeInTheDocument();
    const random = screen.getByRole('region', { name: '隨機選號' });
    expect(within(random).getByRole('button', { name: '隨機選 6 個號碼' })).toBeInTheDocument();
    const lookup = screen.getByRole('region', { name: '號碼屬性查詢' });
    // 01 is a red, odd, small number whatever the year.
    expect(lookup).toHaveTextContent('紅波');
    expect(lookup).toHaveTextContent('小 · 單');
  });
});

describe('number tools', () => {
  it('maps every ball to its zodiac and its element, a row a name, in the chosen year', () => {
    render(<ToolAssistantScreen />);
    const year = screen.getByLabelText('农历年份') as HTMLSelectElement;
    const zodiacs = screen.getByRole('region', { name: `${year.value} 年生肖对照表` });
    const rows = within(zodiacs).getAllByRole('row');
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      const name = within(row).getByRole('rowheader').textContent!;
      // Each ball's accessible name ends with its zodiac in that year.
      for (const ball of within(row).getAllByRole('img'))
        expect(ball).toHaveAccessibleName(new RegExp(` ${name}$`));
    }
    expect(within(zodiacs).getAllByRole('img')).toHaveLength(49);
    const elements = screen.getByRole('region', { name: `${year.value} 年五行对照表` });
    expect(within(elements).getAllByRole('row')).toHaveLength(5);
    expect(within(elements).getAllByRole('img')).toHaveLength(49);
  });
});
