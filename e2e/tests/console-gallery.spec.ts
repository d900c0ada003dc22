import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { addOperatorByCli, firstSignIn } from '../support/console.ts';
import { expect, test } from '../support/fixtures.ts';
import { freshUsername, registerByApi } from '../support/members.ts';

/** A small picture of one colour, so each issue's picture differs from the others. */
function png(i: number): Buffer {
  const p = new PNG({ width: 60, height: 80 });
  for (let o = 0; o < p.data.length; o += 4) {
    p.data[o] = (i * 37) % 256;
    p.data[o + 1] = (i * 91) % 256;
    p.data[o + 2] = 200;
    p.data[o + 3] = 255;
  }
  return PNG.sync.write(p);
}

test.describe('the console picture library (图库)', () => {
  test('an editor creates a series and bulk-uploads a folder of ten issues into it', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    const editor = freshUsername('galed');
    addOperatorByCli(editor, 'editor');
    await firstSignIn(page, editor);
    await page
      .getByRole('navigation', { name: '管理菜单' })
      .getByRole('link', { name: '图库' })
      .click();
    await expect(page.getByRole('heading', { name: '图库', level: 1 })).toBeVisible();
    await page.getByLabel('彩种').first().selectOption('111');

    // A new series: a wrong field is said at the field, then it is created.
    const name = `测试图集${Date.now().toString(36).slice(-5)}`;
    await page.getByRole('button', { name: '新建图集' }).click();
    const form = page.getByRole('form', { name: '新建图集' });
    await form.getByRole('button', { name: '创建图集' }).click();
    await expect(form.getByText('请填写名称')).toBeVisible();
    await form.getByRole('textbox', { name: '名称' }).fill(name);
    await form.getByRole('radio', { name: '彩色', exact: true }).check();
    await form.getByRole('button', { name: '创建图集' }).click();

    // It opens on its bulk upload: a folder of ten pictures named by issue.
    const upload = page.getByRole('region', { name: `批量上传到 ${name}` });
    await expect(upload).toBeVisible();
    const year = new Date().getFullYear();
    const issues = Array.from({ length: 10 }, (_, i) => `${year}${String(101 + i)}`);
    const folder = mkdtempSync(path.join(tmpdir(), 'kj-gallery-'));
    issues.forEach((issue, i) => writeFileSync(path.join(folder, `${issue}.png`), png(i)));
    await upload.getByLabel('选择文件夹').setInputFiles(folder);
    await expect(upload.getByText(/^已选 10 个文件/)).toBeVisible();
    await upload.getByRole('button', { name: '预览对应关系' }).click();
    await expect(
      upload.getByText('10 个文件将保存到 10 期（其中 0 个替换已有图片），0 个有问题不保存'),
    ).toBeVisible();
    const table = upload.getByRole('table', { name: '每个文件放到哪一期' });
    await expect(table.getByRole('row')).toHaveCount(11);
    await expect(table.getByRole('row', { name: new RegExp(`^${issues[9]}\\.png`) })).toContainText(
      `${issues[9]}彩色第 1 张新增`,
    );
    await page.screenshot({ path: 'e2e/.tmp/console-gallery-preview-1280.png', fullPage: true });

    await upload.getByRole('button', { name: '保存 10 个文件' }).click();
    await expect(upload.getByText(/^已保存 10 张图片，共 10 期/)).toBeVisible({ timeout: 30_000 });

    // The table counts them; the series' issues show each picture.
    const row = page.getByRole('row', { name: new RegExp(`^${name}`) });
    await expect(row.getByRole('cell').nth(3)).toHaveText('10');
    await row.getByRole('button', { name: `各期图片：${name}` }).click();
    const list = page.getByRole('list', { name: `${name} 的各期图片` });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    const newest = list.getByRole('img', { name: `第 ${issues[9]} 期彩色图` });
    await expect(newest).toBeVisible();
    await expect
      .poll(() => newest.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await page.screenshot({ path: 'e2e/.tmp/console-gallery-issues-1280.png', fullPage: true });

    // The same again on the same issues replaces: the preview says so before anything is saved.
    await row.getByRole('button', { name: `批量上传：${name}` }).click();
    await upload.getByLabel('选择图片或 zip').setInputFiles([
      { name: `${issues[0]}.png`, mimeType: 'image/png', buffer: png(42) },
      { name: 'readme.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
    ]);
    await upload.getByRole('button', { name: '预览对应关系' }).click();
    await expect(
      upload.getByText('1 个文件将保存到 1 期（其中 1 个替换已有图片），1 个有问题不保存'),
    ).toBeVisible();
    await expect(upload.getByRole('row', { name: /^readme\.txt/ })).toContainText('不保存');

    // A phone: the table reads as cards, the preview and its buttons fit the width.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(upload.getByRole('button', { name: '保存 1 个文件' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'e2e/.tmp/console-gallery-390.png', fullPage: true });

    // An operator deletes one issue's pictures after a confirm.
    await page.setViewportSize({ width: 1280, height: 800 });
    await row.getByRole('button', { name: `各期图片：${name}` }).click();
    page.once('dialog', (d) => void d.accept());
    await list.getByRole('button', { name: `删除第 ${issues[1]} 期图片` }).click();
    await expect(page.getByText(`已删除第 ${issues[1]} 期图片`)).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(9);
    await expect(row.getByRole('cell').nth(3)).toHaveText('9');

    // A member's comment is hidden from the console; visitors no longer get it.
    const seriesId = Number(new URL(page.url()).searchParams.get('series'));
    const token = await registerByApi(request, freshUsername('galm'), 'harbour-violet-2026');
    const text = `图不错 ${Date.now().toString(36)}`;
    const comments = `/app-api/api/v2/gallery/series/${seriesId}/issues/${issues[9]}/comments`;
    const posted = await request.post(comments, {
      // The request context holds the XSRF-TOKEN cookie registerByApi was given.
      headers: {
        authorization: token,
        token,
        'x-xsrf-token':
          (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '',
      },
      data: { text },
    });
    expect(posted.ok(), await posted.text()).toBe(true);
    await page.getByRole('button', { name: '评论管理' }).click();
    const comment = page.getByRole('row', { name: new RegExp(`^${text}`) });
    await expect(comment).toContainText(name);
    await expect(comment).toContainText(issues[9]!);
    await comment.getByRole('button', { name: /^隐藏 .+ 的评论$/ }).click();
    await expect(comment.getByText('已隐藏')).toBeVisible();
    await expect(comment.getByRole('button', { name: /^恢复显示/ })).toBeVisible();
    const shown = (await (await request.get(comments)).json()) as {
      data: { items: { text: string }[] };
    };
    expect(shown.data.items.map((c) => c.text)).not.toContain(text);
    await page.screenshot({ path: 'e2e/.tmp/console-gallery-comments-1280.png', fullPage: true });
  });
});
