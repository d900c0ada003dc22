import type { APIRequestContext } from '@playwright/test';
import { ballLabel, lunarYearOf } from '@kaijiang/domain';
import { paths } from '../../apps/web/src/shared/config/paths.ts';
import {
  addOperatorByCli,
  CONSOLE_PASSWORD,
  firstSignIn,
  linkToken,
  totpCode,
} from '../support/console.ts';
import { drawApi, freshNumbers } from '../support/draws.ts';
import { expect, test } from '../support/fixtures.ts';
import { freshUsername, registerByApi } from '../support/members.ts';

/** Games the desk may run, in the order tried, with the name of their card on /game/{id}. */
const DESK_GAMES = [
  { id: 110, name: '新澳门六合彩', timeZone: 'Asia/Macau' },
  { id: 111, name: '香港六合彩', timeZone: 'Asia/Hong_Kong' },
  { id: 120, name: '极速六合彩', timeZone: 'Asia/Shanghai' },
] as const;
/** The game whose screen shows the rolling notices. */
const GAME = 110;

/**
 * A game with a draw the desk can run now. The other suites have drawn 110's due draw: its next
 * one is brought forward to a few seconds from now. A day keeps one draw, so once today's has
 * been drawn (21:32 to midnight in Macau) that move is refused, and the weekly game is tried the
 * same way; on a day when both have drawn, the 5-minute game's next draw is waited for.
 */
async function deskGame(request: APIRequestContext): Promise<(typeof DESK_GAMES)[number]> {
  for (const game of DESK_GAMES.slice(0, 2)) {
    const next = await drawApi.latest(request, game.id);
    if (next.status === 'drawing') return game;
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: game.timeZone }).format(
      new Date(next.nextDrawAt),
    );
    const at = new Date(Date.now() + 8_000);
    const moved = await drawApi
      .setCalendarChange(request, game.id, day, {
        kind: 'moved',
        drawAt: at.toISOString(),
        note: '测试提前开奖',
      })
      .then(
        () => true,
        (err: Error) => {
          if (!err.message.includes('该日已有开奖')) throw err;
          return false;
        },
      );
    if (moved) {
      await expect.poll(() => Date.now() > at.getTime() + 500, { timeout: 15_000 }).toBe(true);
      return game;
    }
  }
  const game = DESK_GAMES[2];
  const latest = await drawApi.latest(request, game.id);
  if (latest.status === 'done') {
    const due = Date.parse(latest.nextDrawAt) + 1_000;
    test.setTimeout(Math.max(0, due - Date.now()) + 120_000);
    await expect.poll(() => Date.now() > due, { timeout: 6 * 60_000 }).toBe(true);
  }
  return game;
}

test.describe('the operator console', () => {
  test.afterAll(async ({ request }) => {
    for (const game of DESK_GAMES) await drawApi.setSource(request, game.id, 'simulator');
  });

  test('first owner from the CLI, TOTP sign-in, a draw operator runs a manual draw a visitor sees live', async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    // The owner at a desktop; the draw operator (below) on a phone.
    await page.setViewportSize({ width: 1280, height: 800 });
    // A visitor's page never names the console's files.
    const visitor = await browser.newPage();
    const consoleFiles: string[] = [];
    visitor.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/admin')) consoleFiles.push(r.url());
    });

    addOperatorByCli('owner1', 'owner');
    const ownerSecret = await firstSignIn(page, 'owner1');

    // The owner adds a draw operator.
    await page
      .getByRole('navigation', { name: '管理菜单' })
      .getByRole('link', { name: '管理员' })
      .click();
    const form = page.getByRole('region', { name: '添加管理员' });
    await form.getByLabel('用户名').fill('drawer1');
    await form.getByLabel('初始密码').fill(CONSOLE_PASSWORD);
    await form.getByLabel('角色').selectOption('draw');
    await form.getByRole('button', { name: '添加' }).click();
    await expect(form.getByText('已添加 drawer1')).toBeVisible();
    await expect(page.getByRole('row', { name: /drawer1/ })).toContainText('待设置');
    // The one-time link for the owner to hand over, shown this once.
    const drawerLink = linkToken(await form.getByLabel('drawer1 的设置链接').inputValue());
    await form.getByRole('button', { name: '我已交出链接' }).click();

    // Signing in again: the password and the code together, neither confirmed alone.
    await page.getByRole('button', { name: '退出' }).click();
    await expect(page.getByRole('heading', { name: '登录管理后台' })).toBeVisible();
    await page.getByLabel('用户名').fill('owner1');
    await page.getByLabel('密码').fill(CONSOLE_PASSWORD);
    const code = page.getByLabel('验证码', { exact: true });
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await code.fill(totpCode(ownerSecret, 1));
    await page.getByRole('button', { name: '登录' }).click();
    // Back on the screen that was open.
    await expect(page.getByRole('heading', { name: '管理员', level: 1 })).toBeVisible();

    // The draw operator, on a phone, at the desk.
    const desk = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await firstSignIn(desk, 'drawer1', drawerLink);
    await desk.getByRole('button', { name: '菜单' }).click();
    await desk.getByRole('link', { name: '开奖台' }).click();
    const { id: drawn, name } = await deskGame(request);
    await desk.getByLabel('彩种').selectOption(String(drawn));
    const toggle = desk.getByRole('region', { name: '开奖来源' }).getByRole('button');
    await expect(toggle).toBeVisible();
    if ((await toggle.textContent()) === '改为手动录入') {
      // A change visitors see of a draw asks first: refused, nothing changes.
      let asked = '';
      desk.once('dialog', (d) => {
        asked = d.message();
        void d.dismiss();
      });
      await toggle.click();
      await expect.poll(() => asked).toContain('手动录入');
      await expect(desk.getByText('当前来源： 手动录入')).toHaveCount(0);
      desk.once('dialog', (d) => void d.accept());
      await toggle.click();
    }
    await expect(desk.getByText('当前来源： 手动录入')).toBeVisible();

    await visitor.goto(paths.game.href(drawn));
    const card = visitor.getByRole('region', { name });
    // The card's own balls (the chat's draw card beside it shows the same ones).
    const ownBalls = card.locator('.kj-dballs').first();
    await expect(card.getByRole('status', { name: '实时连接：实时' })).toBeVisible();

    const before = await drawApi.latest(request, drawn);
    const numbers = freshNumbers(before.status === 'drawing' ? before.numbers : []);
    for (const n of numbers) {
      await desk
        .getByRole('group', { name: '选择号码' })
        .getByRole('button', { name: n, exact: true })
        .click();
      await desk.getByRole('button', { name: `确认开出 ${n}` }).click();
      await expect(desk.getByText(new RegExp(`^已开出 ${n}（第 \\d+ 期`))).toBeVisible();
      const latest = await drawApi.latest(request, drawn);
      const year = lunarYearOf(new Date(latest.drawAt));
      await expect(ownBalls.getByRole('img', { name: ballLabel(n, year) })).toBeVisible();
    }
    const done = await drawApi.latest(request, drawn);
    expect(done.status).toBe('done');
    expect(done.numbers.slice(-numbers.length)).toEqual(numbers);

    // The special was entered wrong: the operator corrects it, and the visitor's page follows.
    const fixedSpecial = freshNumbers(done.numbers, 1)[0]!;
    await desk.getByRole('button', { name: '菜单' }).click();
    await desk.getByRole('link', { name: '彩种与开奖' }).click();
    await desk.getByLabel('彩种').selectOption(String(drawn));
    const fix = desk.getByRole('region', { name: '更正开奖结果' });
    await fix.getByLabel('期号').fill(done.issue);
    const cells = fix.getByRole('group', { name: '正确的号码' }).getByRole('textbox');
    const corrected = [...done.numbers.slice(0, 6), fixedSpecial];
    for (const [i, n] of corrected.entries()) await cells.nth(i).fill(n);
    await fix.getByLabel('更正原因').fill('特码录入错误，以官方公布为准');
    desk.once('dialog', (d) => void d.accept());
    await fix.getByRole('button', { name: '更正并推送' }).click();
    await expect(fix.getByRole('status')).toHaveText(`已更正第 ${done.issue} 期`);
    const year = lunarYearOf(new Date(done.drawAt));
    await expect(ownBalls.getByRole('img', { name: ballLabel(fixedSpecial, year) })).toBeVisible();
    await expect(
      ownBalls.getByRole('img', { name: ballLabel(done.numbers[6]!, year) }),
    ).toHaveCount(0);

    // The owner's dashboard: how long the newest snapshot took to reach this server's sockets.
    await page
      .getByRole('navigation', { name: '管理菜单' })
      .getByRole('link', { name: '概览' })
      .click();
    const fanout = page.getByRole('listitem').filter({ hasText: '最近一次推送用时' });
    await expect(fanout).toContainText(/\d+(\.\d)? ms/);
    await expect(fanout).toContainText(/\d+ 个连接 · \d\d:\d\d:\d\d/);

    // The owner's audit trail names who entered each ball and who added the operator.
    await page
      .getByRole('navigation', { name: '管理菜单' })
      .getByRole('link', { name: '操作记录' })
      .click();
    // Picked by name, not typed as a code; entries read in words, never as JSON.
    await page.getByLabel('操作', { exact: true }).selectOption({ label: '开出号码' });
    await page.getByRole('button', { name: '筛选' }).click();
    await expect(page.getByRole('row', { name: /drawer1/ })).toHaveCount(numbers.length);
    await expect(page.getByRole('row', { name: /drawer1/ }).first()).toContainText('号码：');
    await page.getByLabel('操作', { exact: true }).selectOption({ label: '添加管理员' });
    await page.getByRole('button', { name: '筛选' }).click();
    const added = page.getByRole('row').filter({ hasText: '用户名：drawer1' });
    await expect(added).toContainText('owner1');
    await expect(added).toContainText('密码：（已隐藏）');
    await expect(page.locator('table')).not.toContainText('{"');
    await expect(page.locator('table')).not.toContainText('operators.add');

    expect(consoleFiles).toEqual([]);
  });

  test("a moderator answers a member's question and the member reads it in /my-message", async ({
    browser,
    page,
    request,
  }) => {
    // The member asks, signed in, from /ask-question.
    const token = await registerByApi(request, freshUsername('ask'), 'amber-lantern-73');
    await page.addInitScript((t) => localStorage.setItem('access_token', t), token);
    await page.goto(paths.askQuestion.href());
    await page.getByLabel('问题内容').fill('请问香港六合彩的派彩什么时候公布？');
    await page.getByRole('button', { name: '提交问题' }).click();
    await expect(page.getByText('问题已提交')).toBeVisible();

    addOperatorByCli('mod1', 'moderator');
    const mod = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await firstSignIn(mod, 'mod1');
    await mod
      .getByRole('navigation', { name: '管理菜单' })
      .getByRole('link', { name: '访客提问' })
      .click();
    const card = mod
      .getByRole('listitem')
      .filter({ hasText: '请问香港六合彩的派彩什么时候公布？' });
    await expect(card.getByText(/会员 #\d+ 提问/)).toBeVisible();
    await card.getByLabel('回复').fill('派彩结果在开奖后约半小时公布，可在开奖结果页查看。');
    await card.getByRole('button', { name: '发送回复' }).click();
    await expect(mod.getByRole('status').filter({ hasText: /已回复提问 #\d+/ })).toBeVisible();
    await expect(card).toHaveCount(0);
    // A moderator sees no draw desk and no operators.
    const menu = mod.getByRole('navigation', { name: '管理菜单' });
    await expect(menu.getByRole('link', { name: '开奖台' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: '管理员' })).toHaveCount(0);

    await page.goto(paths.myMessage.href());
    const reply = page.getByRole('button', { name: /你的提问有了回复/ });
    await reply.click();
    await expect(page.getByText(/派彩结果在开奖后约半小时公布/)).toBeVisible();
  });

  test('an editor publishes a news article with a cover, and it shows on /news', async ({
    browser,
    page,
  }) => {
    addOperatorByCli('ed1', 'editor');
    const ed = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await firstSignIn(ed, 'ed1');
    // An editor's menu: content, no draw desk or members.
    const menu = ed.getByRole('navigation', { name: '管理菜单' });
    await expect(menu.getByRole('link', { name: '开奖台' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: '会员' })).toHaveCount(0);
    await menu.getByRole('link', { name: '资讯' }).click();
    await ed.getByRole('link', { name: '新建资讯' }).click();

    const title = `新澳门六合彩开奖时间调整通知 ${Date.now().toString(36)}`;
    await ed.getByLabel('标题').fill(title);
    // Publishing without a body is refused, and the title typed stays.
    await ed.getByRole('button', { name: '发布', exact: true }).click();
    await expect(ed.getByRole('alert').filter({ hasText: '请输入正文' })).toBeVisible();
    await expect(ed.getByLabel('标题')).toHaveValue(title);

    const body = ed.getByRole('textbox', { name: '正文' });
    await body.click();
    await ed.keyboard.type('自下周起开奖时间调整为 21:30。');
    await ed.keyboard.press('Enter');
    await ed.getByRole('toolbar', { name: '格式' }).getByRole('button', { name: '加粗' }).click();
    await ed.keyboard.type('请留意');
    await ed.getByLabel('分类').selectOption('schedule');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await ed
      .getByLabel('封面图片')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
    await expect(ed.getByRole('img', { name: '封面预览' })).toBeVisible();
    await ed.getByRole('button', { name: '发布', exact: true }).click();
    await expect(ed.getByRole('status').filter({ hasText: `已发布《${title}》` })).toBeVisible();
    await expect(ed.getByRole('row', { name: new RegExp(title) })).toContainText('已发布');

    await page.goto('/news');
    const item = page
      .getByRole('list', { name: '资讯列表' })
      .getByRole('listitem')
      .filter({ hasText: title });
    await expect(item).toBeVisible();
    await expect(item.locator('img')).toHaveAttribute('src', /\/sys-upload\//);
    await item.getByRole('link').click();
    const article = page.getByRole('article');
    await expect(article.getByText('自下周起开奖时间调整为 21:30。')).toBeVisible();
    await expect(article.getByText('请留意')).toBeVisible();
    expect(await article.locator('strong, b').filter({ hasText: '请留意' }).count()).toBe(1);

    // The editor adds a rolling notice; the visitor's banner shows it.
    await menu.getByRole('link', { name: '站点内容' }).click();
    const existing = ed.getByRole('form', { name: /^公告 #\d+$/ });
    await expect(existing.first()).toBeVisible();
    const before = await existing.count();
    const add = ed.getByRole('form', { name: '添加公告' });
    const notice = `本周六加开一期 ${Date.now().toString(36)}`;
    await add.getByLabel('公告内容').fill(notice);
    await add.getByRole('button', { name: '添加' }).click();
    await expect(existing).toHaveCount(before + 1);
    await expect(add.getByLabel('公告内容')).toHaveValue('');
    // A visitor arriving now sees it at once; this page's browser may keep the list it read on
    // /news for the data files' 30 s (docs/architecture.md §5), so the check is a new visitor's.
    const newcomer = await browser.newPage();
    await newcomer.goto(paths.game.href(GAME));
    await expect(newcomer.getByRole('region', { name: '公告' }).getByRole('status')).toContainText(
      notice,
    );
    await newcomer.close();
  });

  test('a draw operator changes a weekly game to every day from a later day, then cancels it', async ({
    browser,
  }) => {
    addOperatorByCli('dr2', 'draw');
    const op = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await firstSignIn(op, 'dr2');
    await op.goto('/admin/games?game=111');
    const section = op.getByRole('region', { name: '开奖日' });
    await expect(section.getByText('现在：每周二、四、六 21:30')).toBeVisible();
    await expect(section.getByText('时区：Asia/Hong_Kong')).toBeVisible();
    const days = section.getByRole('group', { name: '每周哪几天开奖' });
    await expect(days.getByRole('checkbox', { name: '周二' })).toBeChecked();
    await expect(days.getByRole('checkbox', { name: '周一' })).not.toBeChecked();
    for (const d of ['一', '三', '五', '日'])
      await days.getByRole('checkbox', { name: `周${d}` }).check();
    const from = await section.getByLabel('从哪天起').inputValue();
    expect(from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    op.once('dialog', (d) => void d.accept());
    await section.getByRole('button', { name: '保存开奖日' }).click();
    await expect(section.getByText(`已保存：每天 21:30（${from} 起）`)).toBeVisible();
    await expect(op.getByText(`已定于 ${from} 起改为每天开奖`)).toBeVisible();
    // The change waits for its day; cancelling puts the game back as it was.
    await op.getByRole('button', { name: '撤销这次更改' }).click();
    await expect(op.getByText(`已定于 ${from} 起改为每天开奖`)).toHaveCount(0);
    await expect(op.getByText('现在：每周二、四、六 21:30')).toBeVisible();
  });
});
