import { paths } from '../../apps/web/src/shared/config/paths.ts';
import { BROKEN_IMAGE, contentApi } from '../support/content.ts';
import { appReady, expect, test } from '../support/fixtures.ts';

test.describe('news', () => {
  test('/news lists the server’s news and loads more on scrolling', async ({ page, request }) => {
    const first = await contentApi.news(request, { pageSize: 10 });
    expect(first.total).toBeGreaterThan(10);
    await page.goto(paths.news.href());
    const list = page.getByRole('list', { name: '资讯列表' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    await expect(list.getByRole('listitem').first()).toContainText(first.items[0]!.title);
    // Infinite scroll: reaching the end asks for the next page.
    await page.getByRole('listitem').last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 5000);
    // Other tests may publish meanwhile: what counts is that the second page arrived.
    await expect.poll(() => list.getByRole('listitem').count()).toBeGreaterThan(10);
  });

  test('category tabs filter the list and stay in the address', async ({ page, request }) => {
    const guide = await contentApi.news(request, { category: 'guide', pageSize: 50 });
    await page.goto(paths.news.href());
    await appReady(page);
    await page.getByRole('tab', { name: '玩法解读' }).click();
    await expect(page).toHaveURL(/category=guide/);
    await expect(page.getByRole('tab', { name: '玩法解读' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const items = page.getByRole('list', { name: '资讯列表' }).getByRole('listitem');
    await expect(items).toHaveCount(guide.total);
    for (const n of guide.items) await expect(page.getByText(n.title)).toBeVisible();
  });

  test('a news item opens with its body, cover and view count', async ({ page, request }) => {
    const item = (await contentApi.news(request, { category: 'guide', pageSize: 50 })).items.find(
      (n) => n.title.includes('波色'),
    )!;
    await page.goto(paths.news.href());
    await page.getByRole('link', { name: new RegExp(item.title) }).click();
    await expect(page).toHaveURL(paths.newsDetail.href(item.id));
    const article = page.getByRole('article');
    await expect(article.getByRole('heading', { name: item.title })).toBeVisible();
    // The body's table of colours, as HTML.
    await expect(article.getByRole('cell', { name: '红波（17 个）' })).toBeVisible();
    await expect(article.locator('.kj-lazy-image[data-state="loaded"]')).toHaveCount(1);
    await expect(article).toContainText('阅读');
    await expect(article.getByRole('button', { name: '分享' })).toBeVisible();
  });

  test('script and event handlers in a body never run', async ({ page, request }) => {
    const news = await contentApi.createNews(request, {
      title: '安全测试：带脚本的正文',
      category: 'responsible',
      body:
        '<p id="kj-safe">正文第一段</p><script>window.__kjPwned = "script"</script>' +
        // An address that answers, but not with an image: the error event does fire.
        `<img src="/sys-upload/${BROKEN_IMAGE}" onerror="window.__kjPwned = 'onerror'">` +
        '<p onmouseover="window.__kjPwned = \'hover\'">第二段</p>' +
        '<a href="javascript:window.__kjPwned=\'link\'">坏链接</a>' +
        '<iframe srcdoc="<script>parent.__kjPwned=1</script>"></iframe>',
    });
    expect(news.body).not.toMatch(/script|onerror|onmouseover|javascript:|iframe/);
    await page.goto(paths.newsDetail.href(news.id));
    const article = page.getByRole('article');
    await expect(article.getByText('正文第一段')).toBeVisible();
    await article.getByText('第二段').hover();
    await article.getByText('坏链接').click();
    await page.waitForTimeout(300);
    expect(
      await page.evaluate(() => (window as { __kjPwned?: unknown }).__kjPwned),
    ).toBeUndefined();
    await expect(article.locator('script, iframe, [onerror], [onmouseover]')).toHaveCount(0);
    expect(await article.getByText('坏链接').getAttribute('href')).toBeNull();
  });

  test('a cover that cannot load shows the error image', async ({ page, request }) => {
    const news = await contentApi.createNews(request, {
      title: '封面加载失败的资讯',
      category: 'results',
      cover: BROKEN_IMAGE,
      body: '<p>封面地址不是图片。</p>',
    });
    await page.goto(paths.newsDetail.href(news.id));
    await expect(page.getByRole('img', { name: '（图片加载失败）' })).toBeVisible();
    await expect(page.locator('.kj-lazy-image[data-state="error"]')).toHaveCount(1);
  });
});
