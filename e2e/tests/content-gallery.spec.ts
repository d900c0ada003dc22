import { paths } from '../../apps/web/src/shared/config/paths.ts';
import { BROKEN_IMAGE, contentApi } from '../support/content.ts';
import { expect, test } from '../support/fixtures.ts';

test.describe('gallery', () => {
  test('/gallery shows each game’s pictures, lazily', async ({ page, request }) => {
    const macau = await contentApi.galleries(request, 110);
    const hk = await contentApi.galleries(request, 111);
    await page.goto(paths.gallery.href());
    const grid = page.getByRole('list', { name: '新澳门六合彩图库' });
    await expect(grid.getByRole('listitem')).toHaveCount(Math.min(macau.total, 12));
    await expect(grid.getByRole('listitem').first()).toContainText(
      `第 ${macau.items[0]!.issue} 期`,
    );
    // Each demo issue is a set of three pictures, counted on its card.
    await expect(grid.locator('.kj-gallery-card__count').first()).toHaveText('3 张图');
    await expect(grid.getByRole('link').first()).toHaveAccessibleName(/3 张图/);
    // The first pictures are in view and load; those further down wait (rootMargin 0px).
    await expect(grid.locator('.kj-lazy-image').first()).toHaveAttribute('data-state', 'loaded');
    await expect(grid.locator('.kj-lazy-image[data-state="waiting"]').first()).toBeAttached();
    await page.getByRole('tab', { name: '香港' }).click();
    await expect(page).toHaveURL(/game=111/);
    const hkGrid = page.getByRole('list', { name: '香港六合彩图库' });
    await expect(hkGrid.getByRole('listitem').first()).toContainText(`第 ${hk.items[0]!.issue} 期`);
  });

  test('the viewer goes to the previous and next issue, by button, key and swipe', async ({
    page,
    request,
  }) => {
    const items = (await contentApi.galleries(request, 110)).items;
    const middle = items[3]!;
    const detail = await contentApi.gallery(request, 110, middle.id);
    await page.goto(paths.gallery.href());
    await page.getByRole('link', { name: new RegExp(middle.title) }).click();
    await expect(page).toHaveURL(paths.galleryDetail.href(110, middle.id));
    await expect(page.getByRole('heading', { name: middle.title })).toBeVisible();
    const viewer = page.getByRole('region', { name: /左右滑动切换图片和期数/ });
    await expect(viewer.getByRole('img', { name: middle.title })).toBeVisible();

    const titleOf = (id: number) => items.find((i) => i.id === id)!.title;
    const showing = async (id: number) => {
      await expect(page).toHaveURL(paths.galleryDetail.href(110, id));
      await expect(page.getByRole('heading', { name: titleOf(id) })).toBeVisible();
    };
    await page.getByRole('button', { name: '下一期' }).click();
    await showing(detail.nextId!);
    await viewer.focus();
    await page.keyboard.press('ArrowLeft');
    await showing(middle.id);
    await page.getByRole('button', { name: '上一期' }).click();
    await showing(detail.prevId!);

    // A mouse drag is a swipe too (pointer events): to the left brings the newer issue back.
    // The buttons below scrolled the page; swipe where the picture really is on screen.
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = (await viewer.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2, { steps: 5 });
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    // The issue is a set of three: a swipe shows its second picture first.
    const strip = page.getByRole('list', { name: /本期图组/ });
    await expect(page).toHaveURL(`${paths.galleryDetail.href(110, detail.prevId!)}?p=2`);
    await expect(strip.getByRole('button', { name: /第 2 张/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(viewer.getByRole('img', { name: /第 2 张，共 3 张 生肖图/ })).toBeVisible();
    await strip.getByRole('button', { name: '查看第 3 张：波色图' }).click();
    await expect(viewer.getByRole('img', { name: /第 3 张，共 3 张 波色图/ })).toBeVisible();
    // Past the set's last picture the newer issue comes, from its first.
    await viewer.focus();
    await page.keyboard.press('ArrowRight');
    await showing(middle.id);
    await expect(viewer.getByRole('img', { name: /第 1 张，共 3 张 资料图/ })).toBeVisible();

    // Double tap zooms in, and again out.
    await viewer.dblclick({ position: { x: box.width / 2, y: box.height / 2 } });
    await expect(viewer).toHaveAttribute('data-scale', '2.50');
    await viewer.dblclick({ position: { x: box.width / 2, y: box.height / 2 } });
    await expect(viewer).toHaveAttribute('data-scale', '1.00');

    // Going back leaves the viewer for the grid, however many issues were seen.
    await page.goBack();
    await expect(page).toHaveURL(paths.gallery.href());
  });

  test('the newest and oldest issue have nowhere further to go', async ({ page, request }) => {
    const items = (await contentApi.galleries(request, 120)).items;
    await page.goto(paths.galleryDetail.href(120, items[0]!.id));
    await expect(page.getByRole('button', { name: '下一期' })).toBeDisabled();
    await expect(page.getByRole('button', { name: '上一期' })).toBeEnabled();
    await page.goto(paths.galleryDetail.href(120, items.at(-1)!.id));
    await expect(page.getByRole('button', { name: '上一期' })).toBeDisabled();
  });

  test('a picture that cannot load shows the error image', async ({ page, request }) => {
    const title = `图片损坏的图纸 ${Date.now().toString(36)}`;
    const item = await contentApi.createGallery(request, {
      gameId: 111,
      issue: `2099${String(Date.now()).slice(-6)}`,
      title,
      image: BROKEN_IMAGE,
    });
    await page.goto(`${paths.gallery.href()}?game=111`);
    const card = page.getByRole('link', { name: new RegExp(title) });
    await expect(card.getByRole('img', { name: `${title}（图片加载失败）` })).toBeVisible();
    await card.click();
    await expect(page).toHaveURL(paths.galleryDetail.href(111, item.id));
    await expect(page.getByRole('img', { name: `${title}（图片加载失败）` })).toBeVisible();
  });
});
