import { paths } from '../../apps/web/src/shared/config/paths.ts';
import { contentApi } from '../support/content.ts';
import { expect, test } from '../support/fixtures.ts';
import { freshUsername, registerByApi } from '../support/members.ts';

test.describe('collecting from the content screens', () => {
  test('a visitor is sent to sign in first', async ({ page, request }) => {
    const news = (await contentApi.news(request, { pageSize: 1 })).items[0]!;
    await page.goto(paths.newsDetail.href(news.id));
    await page.getByRole('button', { name: '收藏' }).click();
    await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(paths.newsDetail.href(news.id));
  });

  test('a member collects a news item', async ({ page, request }) => {
    const token = await registerByApi(request, freshUsername('collect'), 'amber-lantern-73');
    await page.addInitScript((t) => localStorage.setItem('access_token', t), token);

    const news = (await contentApi.news(request, { pageSize: 1 })).items[0]!;
    await page.goto(paths.newsDetail.href(news.id));
    const collect = page.getByRole('article').getByRole('button', { name: '收藏' });
    await expect(collect).toBeEnabled();
    await collect.click();
    await expect(page.getByRole('button', { name: '已收藏' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    const stored = (await contentApi.collections(request, token)).items;
    expect(stored).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'news', refId: String(news.id), title: news.title }),
      ]),
    );
    // Coming back, the page knows it is collected.
    await page.goto(paths.newsDetail.href(news.id));
    await expect(page.getByRole('button', { name: '已收藏' })).toBeVisible();
  });
});
