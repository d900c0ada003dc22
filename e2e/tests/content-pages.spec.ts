import { ZODIAC_ZH, zodiacBalls } from '@kaijiang/domain';
import { paths } from '../../apps/web/src/shared/config/paths.ts';
import { contentApi } from '../support/content.ts';
import { expect, test } from '../support/fixtures.ts';
import { staticJson } from '../support/site.ts';

interface CompanyFile {
  name: string;
  contact: Record<string, string>;
  onlineServiceUrl: string;
}

test.describe('company pages', () => {
  test('/contact offers the online service and the company’s contacts', async ({
    page,
    request,
  }) => {
    const company = await staticJson<CompanyFile>(request, 'company/kj.json');
    await page.goto(paths.contact.href());
    const main = page.getByRole('main');
    await expect(main.getByText(company.name, { exact: true })).toBeVisible();
    for (const value of Object.values(company.contact))
      await expect(main.getByText(value, { exact: true })).toBeVisible();
    // The demo's service is the site's own question page: it opens in place.
    await page.getByRole('link', { name: '打开在线客服' }).click();
    await expect(page).toHaveURL(company.onlineServiceUrl);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('常见问题');
  });

  test('/about-us and /disclaimer show the company record', async ({ page }) => {
    await page.goto(paths.aboutUs.href());
    await expect(page.getByRole('region', { name: '公司简介' })).toContainText('开奖网专注于');
    await page.goto(paths.disclaimer.href());
    await expect(page.getByRole('region', { name: '使用条款与免责声明' })).toContainText(
      '仅供参考',
    );
  });
});

test.describe('questions and partners', () => {
  test('/ask-question shows the FAQ and takes a question', async ({ page, request }) => {
    const faqs = await contentApi.faqs(request);
    await page.goto(paths.askQuestion.href());
    const faq = page.getByRole('region', { name: '常见问题' });
    for (const f of faqs) await expect(faq.getByText(f.question)).toBeVisible();
    await faq.getByText(faqs[1]!.question).click();
    await expect(faq.getByText(faqs[1]!.answer)).toBeVisible();

    const form = page.getByRole('form', { name: '提交问题' });
    await form.getByRole('button', { name: '提交问题' }).click();
    await expect(form.getByText('请输入问题内容')).toBeVisible();
    await form.getByLabel('问题内容').fill('太短');
    await expect(form.getByText('问题内容至少 5 个字')).toBeVisible();
    await form.getByLabel('问题内容').fill('请问香港六合彩春节期间停几期？');
    await form.getByLabel(/联系方式/).fill('e2e@example.com');
    await form.getByRole('button', { name: '提交问题' }).click();
    await expect(page.getByText('问题已提交')).toBeVisible();
  });

  test('/team-condition shows the partner table from the server', async ({ page, request }) => {
    const rows = await contentApi.team(request);
    await page.goto(paths.teamCondition.href());
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(rows.length + 1);
    for (const r of rows) {
      const row = table.getByRole('row', { name: new RegExp(r.tier) });
      await expect(row).toContainText(r.requirement);
      await expect(row).toContainText(r.benefit);
    }
  });
});

test.describe('more and tools', () => {
  test('/more-action links every other screen', async ({ page }) => {
    await page.goto(paths.moreAction.href());
    await page.getByRole('link', { name: '工具助手' }).click();
    await expect(page).toHaveURL(paths.toolAssistant.href());
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('工具助手');
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('更多');
    for (const name of [
      '图库',
      '接口说明',
      '联系客服',
      '常见问题',
      '合作条件',
      '关于我们',
      '免责声明',
    ]) {
      await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    }
  });

  test('/more-action/tool-assistant picks numbers and shows attributes for any year', async ({
    page,
  }) => {
    await page.goto(paths.toolAssistant.href());
    const random = page.getByRole('region', { name: '随机选号' });
    await random.getByRole('button', { name: '7 个' }).click();
    await random.getByRole('button', { name: '随机选 7 个号码' }).click();
    const balls = random.getByRole('row').filter({ has: page.getByRole('img') });
    await expect(balls).toHaveCount(7);
    const names = await random.getByRole('img').allTextContents();
    expect(new Set(names).size).toBe(7);

    const lookup = page.getByRole('region', { name: '号码属性查询' });
    await lookup.getByRole('button', { name: '07', exact: true }).click();
    await expect(lookup.getByRole('img', { name: /^07 红波/ })).toBeVisible();

    await page.getByLabel('农历年份').selectOption('2024');
    await expect(page.getByRole('region', { name: '2024 年生肖对照表' })).toBeVisible();
    const dragon = page
      .getByRole('region', { name: '2024 年生肖对照表' })
      .getByRole('row', { name: /^龙/ });
    for (const n of zodiacBalls('dragon', 2024)) {
      await expect(
        dragon.getByRole('img', { name: new RegExp(`^${n} .+ ${ZODIAC_ZH.dragon}$`) }),
      ).toBeVisible();
    }
    await expect(
      page.getByRole('region', { name: '2024 年五行对照表' }).getByRole('row'),
    ).toHaveCount(5);
  });

  test('/instruct-api lists the draw calls from OpenAPI and tries them live', async ({
    page,
    request,
  }) => {
    const doc = (await (await request.get('/app-api/docs/json')).json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const drawPaths = Object.entries(doc.paths)
      .filter(([, ops]) => Object.values(ops).some((o) => o.tags?.includes('draws')))
      .map(([p]) => p.replace(/^\/app-api/, ''));
    await page.goto(paths.instructApi.href());
    const section = page.getByRole('region', { name: '开奖接口' });
    for (const p of drawPaths) await expect(section.getByText(p, { exact: true })).toBeVisible();
    const first = section.locator('details').first();
    await first.getByRole('button', { name: '试一试' }).click();
    const result = first.getByRole('region', { name: '返回结果' }).or(first.getByLabel('返回结果'));
    await expect(result).toContainText('"code": "OK"');
    await expect(first).toContainText('HTTP 200');
    await first.getByRole('tab', { name: 'Python' }).click();
    await expect(first.locator('.kj-api-code__body')).toContainText('urllib.request');
    // The analysis calls are there in Chinese and answer live with their examples.
    for (const [path, title] of [
      ['/api/v2/draws/trend', '走势图数据'],
      ['/api/v2/draws/search', '开奖搜索'],
      ['/api/v2/draws/calendar', '开奖日历'],
    ] as const) {
      const op = section.locator('details').filter({ has: page.getByText(path, { exact: true }) });
      await expect(op).toContainText(title);
      if ((await op.getAttribute('open')) === null) await op.locator('summary').click();
      await op.getByRole('button', { name: '试一试' }).click();
      await expect(op).toContainText('HTTP 200');
      await expect(op.getByLabel('返回结果')).toContainText('"code": "OK"');
    }
  });
});
