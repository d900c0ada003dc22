import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { storage } from '../storage/storage';
import { getLocale, initLocale, setLocale } from './locale';
import { defineMessages, translate, useMessages, useT } from './use-t';

const words = defineMessages({
  'zh-Hans': { hello: '你好，{name}' },
  'zh-Hant': { hello: '妳好，{name}' },
});

function Probe() {
  const t = useT();
  const w = useMessages(words);
  return (
    <div>
      <h1>{t('title.lotteryResult')}</h1>
      <p>{w.hello}</p>
      <button
        type="button"
        onClick={() => setLocale(getLocale() === 'zh-Hans' ? 'zh-Hant' : 'zh-Hans')}
      >
        {t('lang.short')}
      </button>
    </div>
  );
}

afterEach(() => act(() => setLocale('zh-Hans')));

describe('i18n', () => {
  it('defaults to Simplified Chinese', () => {
    expect(initLocale()).toBe('zh-Hans');
    expect(document.documentElement.lang).toBe('zh-Hans');
    expect(translate('title.news')).toBe('资讯');
  });

  it('switches to Traditional Chinese, updates <html lang> and remembers it', async () => {
    render(<Probe />);
    expect(screen.getByRole('heading')).toHaveTextContent('开奖结果');
    await userEvent.click(screen.getByRole('button', { name: '繁' }));
    expect(screen.getByRole('heading')).toHaveTextContent('開獎結果');
    expect(screen.getByText('妳好，{name}')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('zh-Hant');
    expect(storage.get('locale')).toBe('zh-Hant');
    expect(initLocale()).toBe('zh-Hant');
  });

  it('fills parameters', () => {
    expect(translate('common.version', { version: '1.0.2' })).toBe('版本 v1.0.2');
  });
});
