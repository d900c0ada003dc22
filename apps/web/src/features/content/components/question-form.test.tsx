import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/shared/i18n';
import { fakeServer } from '@/test/fixtures';
import { renderWithStore } from '@/test/render-with-store';
import { questionWords } from '../model/question-words';
import { validateQuestion } from '../model/validate-question';
import { QuestionForm } from './question-form';

/** The form over a server whose POST /questions answers with `answers` in turn; what it got. */
function renderForm(...answers: (() => unknown)[]) {
  const posts: unknown[] = [];
  const server = fakeServer({
    'POST /api/v2/questions': (_url, init) => {
      posts.push(JSON.parse(String(init.body)));
      return (answers.shift() ?? (() => true))();
    },
  });
  renderWithStore(<QuestionForm />, { server });
  return posts;
}

describe('question form', () => {
  it('validates with the same limits as the server', () => {
    expect(validateQuestion({ name: '', contact: '', content: '' })).toEqual({
      content: '请输入问题内容',
    });
    expect(validateQuestion({ name: '', contact: '', content: '太短' }).content).toBe(
      '问题内容至少 5 个字',
    );
    expect(
      validateQuestion({ name: 'x'.repeat(33), contact: 'y'.repeat(65), content: '这是一个问题' }),
    ).toEqual({
      name: '称呼不能超过 32 个字',
      contact: '联系方式不能超过 64 个字',
    });
    expect(validateQuestion({ name: '', contact: '', content: 'x'.repeat(1001) }).content).toMatch(
      /不能超过/,
    );
    expect(validateQuestion({ name: '', contact: '', content: '这是一个问题' })).toEqual({});
  });

  it('refuses to send an empty question and says why, next to the field', async () => {
    const posts = renderForm();
    await userEvent.click(screen.getByRole('button', { name: '提交问题' }));
    expect(posts).toEqual([]);
    const content = screen.getByLabelText('问题内容');
    expect(content).toHaveAttribute('aria-invalid', 'true');
    expect(content).toHaveAccessibleDescription('请输入问题内容');
    expect(content).toHaveFocus();
    await userEvent.type(content, '怎么导出历史开奖？');
    expect(content).not.toHaveAttribute('aria-invalid');
  });

  it('sends the trimmed fields and shows that it was received', async () => {
    const posts = renderForm();
    await userEvent.type(screen.getByLabelText('问题内容'), '  怎么导出历史开奖？ ');
    await userEvent.type(screen.getByLabelText(/称呼/), '小王');
    await userEvent.click(screen.getByRole('button', { name: '提交问题' }));
    await screen.findByText('问题已提交');
    expect(posts).toEqual([{ content: '怎么导出历史开奖？', name: '小王' }]);
    await userEvent.click(screen.getByRole('button', { name: '再问一个' }));
    expect(screen.getByLabelText('问题内容')).toHaveValue('');
  });

  it('keeps everything typed when sending fails, with the server’s words', async () => {
    renderForm(
      () =>
        new Response(
          JSON.stringify({ code: 'REQ/RATE_LIMITED', msg: '操作过于频繁，请稍后再试' }),
          { status: 429 },
        ),
    );
    await userEvent.type(screen.getByLabelText('问题内容'), '请问极速六合彩多久一期？');
    await userEvent.type(screen.getByLabelText(/联系方式/), 'a@b.c');
    await userEvent.click(screen.getByRole('button', { name: '提交问题' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('操作过于频繁，请稍后再试');
    expect(screen.getByLabelText('问题内容')).toHaveValue('请问极速六合彩多久一期？');
    expect(screen.getByLabelText(/联系方式/)).toHaveValue('a@b.c');
    await userEvent.click(screen.getByRole('button', { name: '提交问题' }));
    await waitFor(() => expect(screen.getByText('问题已提交')).toBeInTheDocument());
  });
});

describe('question form in Traditional Chinese', () => {
  afterEach(() => act(() => setLocale('zh-Hans')));

  it('validates in the visitor’s language', () => {
    const w = questionWords['zh-Hant'];
    expect(validateQuestion({ name: '', contact: '', content: '' }, w)).toEqual({
      content: '請輸入問題內容',
    });
    expect(validateQuestion({ name: 'x'.repeat(33), contact: '', content: '太短' }, w)).toEqual({
      name: '稱呼不能超過 32 個字',
      content: '問題內容至少 5 個字',
    });
  });

  it('labels the form and its errors, and switches them with the language', async () => {
    act(() => setLocale('zh-Hant'));
    renderForm();
    expect(screen.getByLabelText(/稱呼/)).toHaveAttribute('placeholder', '怎麼稱呼你');
    expect(screen.getAllByText('（選填）')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: '提交問題' }));
    const content = screen.getByLabelText('問題內容');
    expect(content).toHaveAccessibleDescription('請輸入問題內容');
    expect(screen.queryByText(/请输入|问题内容|提交问题|选填/)).toBeNull();

    act(() => setLocale('zh-Hans'));
    expect(screen.getByLabelText('问题内容')).toHaveAccessibleDescription('请输入问题内容');
  });
});
