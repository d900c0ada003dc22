// The screens the class-of-bug specs walk (forms.spec.ts, traditional.spec.ts), and what they
// read off a page: every control with its box and name, and the text a visitor sees.
import type { APIRequestContext, Page } from '@playwright/test';
import { paths } from '../../apps/web/src/shared/config/paths.ts';

/** Stands for the newest issue of a picture series: the demo has only its last 20 issues. */
const NEWEST = 'newest';

/** The route as a page can open it: a picture series' newest issue read from the API. */
export async function reachable(route: string, request: APIRequestContext): Promise<string> {
  const m = /^\/gallery\/(\d+)\/(\d+)\/newest$/.exec(route);
  if (!m) return route;
  const series = await request.get(`/app-api/api/v2/gallery/series/${m[2]}`);
  const latest = ((await series.json()) as { data: { latestIssue: string | null } }).data
    .latestIssue;
  if (!latest) throw new Error(`series ${m[2]} has no issue`);
  return paths.galleryIssue.href(Number(m[1]), Number(m[2]), latest);
}

/** Every route of the site a visitor reaches without signing in. */
export const PUBLIC_ROUTES = [
  paths.game.href(110),
  paths.live.href(),
  paths.lotteryResult.href(),
  paths.lotteryHistory.href(),
  `${paths.lotteryHistory.href()}?tab=search`,
  paths.lotteryTrend.href(110),
  paths.news.href(),
  paths.newsDetail.href(1),
  paths.gallery.href(),
  paths.gallerySeries.href(110, 1),
  // The newest issue of that series, put in when the test runs (reachable() below).
  paths.galleryIssue.href(110, 1, NEWEST),
  paths.galleryYear.href(110, 1, 2026),
  paths.instructApi.href(),
  paths.contact.href(),
  paths.teamCondition.href(),
  paths.aboutUs.href(),
  paths.askQuestion.href(),
  paths.disclaimer.href(),
  paths.gameInfo.href(),
  paths.moreAction.href(),
  paths.toolAssistant.href(),
  paths.setting.href(),
  paths.login.href(),
  paths.register.href(),
  '/no/such/page',
];

/** The routes behind sign-in. */
export const MEMBER_ROUTES = [
  paths.profile.href(),
  paths.myMessage.href(),
  paths.collection.href(),
  paths.userInformation.href(),
  paths.changePassword.href(),
];

/** The console's sections. */
export const CONSOLE_ROUTES = [
  '/admin',
  '/admin/desk',
  '/admin/games',
  '/admin/news',
  '/admin/news/new',
  '/admin/gallery',
  '/admin/gallery?tab=comments',
  '/admin/site',
  '/admin/site?tab=home',
  '/admin/site?tab=company',
  '/admin/site?tab=team',
  '/admin/questions',
  '/admin/members',
  '/admin/chat',
  '/admin/operators',
  '/admin/audit',
];

export const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** Waits until a screen has its data: no loading placeholders, the network quiet. */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page
    .locator('.kj-skeleton, .cs-spinner')
    .first()
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => undefined);
}

export interface ControlProblem {
  control: string;
  problem: string;
}

/**
 * Every visible input, select and textarea: it must have an accessible name and a box a visitor
 * can see (a border or a background that stands apart from what is behind it). A control
 * hidden for looks (a file input inside its button) needs its label to be visible instead.
 */
export function controlProblems(page: Page): Promise<ControlProblem[]> {
  return page.evaluate(() => {
    type RGBA = [number, number, number, number];
    const parse = (c: string): RGBA => {
      const m = /rgba?\(([^)]+)\)/.exec(c);
      if (!m) return [0, 0, 0, 0];
      const [r = 0, g = 0, b = 0, a = 1] = m[1]!
        .split(/[ ,/]+/)
        .filter(Boolean)
        .map(Number);
      return [r, g, b, a];
    };
    const lum = ([r, g, b]: RGBA) => {
      const f = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const ratio = (a: RGBA, b: RGBA) => {
      const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p) as [number, number];
      return (x + 0.05) / (y + 0.05);
    };
    const over = (top: RGBA, under: RGBA): RGBA => {
      const a = top[3];
      return [0, 1, 2].map((i) => top[i]! * a + under[i]! * (1 - a)).concat(1) as RGBA;
    };
    /** The colour behind an element: its ancestors' backgrounds laid over the page's. */
    const behind = (el: Element | null): RGBA => {
      const layers: RGBA[] = [];
      for (let n = el; n; n = n.parentElement) {
        const c = parse(getComputedStyle(n).backgroundColor);
        if (c[3] > 0) layers.push(c);
        if (c[3] >= 1) break;
      }
      let base: RGBA = matchMedia('(prefers-color-scheme: dark)').matches
        ? [0, 0, 0, 1]
        : [255, 255, 255, 1];
      for (const l of layers.reverse()) base = over(l, base);
      return base;
    };
    const nameOf = (el: HTMLElement): string => {
      const labelled = el.getAttribute('aria-labelledby');
      if (labelled)
        return labelled
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
          .trim();
      const aria = el.getAttribute('aria-label');
      if (aria?.trim()) return aria.trim();
      const labels = (el as HTMLInputElement).labels;
      const text = labels ? [...labels].map((l) => l.textContent ?? '').join(' ') : '';
      return (text || el.getAttribute('title') || '').trim();
    };
    const describe = (el: HTMLElement) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}[name=${el.getAttribute('name') ?? ''}][type=${el.getAttribute('type') ?? ''}] "${nameOf(el)}"`;

    const problems: { control: string; problem: string }[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'input:not([type=hidden]), select, textarea',
    );
    for (const el of controls) {
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
      const rect = el.getBoundingClientRect();
      if (!nameOf(el)) problems.push({ control: describe(el), problem: 'no label' });
      const type = el.getAttribute('type') ?? '';
      if (rect.width <= 2 || rect.height <= 2) {
        // Hidden for looks: the label is what a visitor sees and taps.
        const label = (el as HTMLInputElement).labels?.[0];
        const box = label?.getBoundingClientRect();
        if (!box || box.width < 8 || box.height < 8)
          problems.push({ control: describe(el), problem: 'hidden, and no visible label' });
        continue;
      }
      if (type === 'checkbox' || type === 'radio' || type === 'range' || type === 'color') continue;
      const s = getComputedStyle(el);
      const around = behind(el.parentElement);
      const fill = over(parse(s.backgroundColor), around);
      const borders = (['Top', 'Right', 'Bottom', 'Left'] as const).filter((side) => {
        const width = parseFloat(s.getPropertyValue(`border-${side.toLowerCase()}-width`));
        const color = over(parse(s.getPropertyValue(`border-${side.toLowerCase()}-color`)), around);
        return (
          width >= 1 &&
          s.getPropertyValue(`border-${side.toLowerCase()}-style`) !== 'none' &&
          ratio(color, around) >= 1.3
        );
      });
      const filled = ratio(fill, around) >= 1.12;
      // A box: the control's fill stands apart, or a border goes round it (an underline alone
      // reads as text).
      if (!filled && borders.length < 4)
        problems.push({
          control: describe(el),
          problem: `no visible box (fill ${ratio(fill, around).toFixed(2)}:1, ${borders.length} borders)`,
        });
    }
    return problems;
  });
}

/** The text a visitor sees (visible text nodes, the title), without code samples. */
export function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (n) => {
        const el = n.parentElement;
        if (
          !el ||
          el.closest('script, style, noscript, code, pre, [translate="no"], [lang="zh-Hans"]')
        )
          return NodeFilter.FILTER_REJECT;
        return el.checkVisibility({ visibilityProperty: true })
          ? NodeFilter.FILTER_ACCEPT
          : NodeFilter.FILTER_REJECT;
      },
    });
    for (let n = walker.nextNode(); n; n = walker.nextNode()) parts.push(n.textContent ?? '');
    for (const el of document.querySelectorAll<HTMLElement>(
      '[placeholder], [aria-label], img[alt]',
    ))
      if (el.checkVisibility() && !el.closest('[translate="no"], [lang="zh-Hans"]'))
        parts.push(
          el.getAttribute('placeholder') ?? '',
          el.getAttribute('aria-label') ?? '',
          el.getAttribute('alt') ?? '',
        );
    return parts.join('\n');
  });
}
