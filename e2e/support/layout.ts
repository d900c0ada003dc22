// What a screen must never do to what it shows: cut off a text, a ball or a control inside a box
// that hides its overflow, or be wider than the window (a sideways scroll on a phone).
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import type { Page } from '@playwright/test';

/** Sizes every screen is checked at: a phone and a desktop. */
export const SIZES = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/**
 * The problems of the page as it is now, one line each. Checked: every element holding text of
 * its own, every ball and every control, against each ancestor that hides its overflow (until a
 * scroll container, whose content is reachable, or a fixed box, which ancestors do not clip);
 * parts hidden on purpose for screen readers (a clip) are skipped.
 */
export function clippingProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) {
      out.push(`the page is ${root.scrollWidth} px wide in a ${window.innerWidth} px window`);
    }
    const name = (el: Element) => {
      const cls = (el.getAttribute('class') ?? '').trim().split(/\s+/)[0];
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 24);
      return `<${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}> "${text}"`;
    };
    const targets = new Set<Element>(
      document.querySelectorAll(
        'a[href], button, input, select, textarea, summary, [role="button"], [role="tab"], .kj-ball',
      ),
    );
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = texts.nextNode(); n; n = texts.nextNode()) {
      if (n.textContent?.trim() && n.parentElement) targets.add(n.parentElement);
    }
    const clipped = (s: CSSStyleDeclaration) =>
      (s.clip && s.clip !== 'auto') || (s.clipPath && s.clipPath !== 'none');
    const scrolls = (v: string) => v === 'auto' || v === 'scroll';
    const hides = (v: string) => v === 'hidden' || v === 'clip';
    for (const el of targets) {
      if (el.closest('script, style, noscript, template, svg')) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) continue;
      const own = getComputedStyle(el);
      if (own.visibility !== 'visible' || clipped(own)) continue;
      let fixed = own.position === 'fixed';
      for (let a = el.parentElement; a && a !== root && !fixed; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (clipped(s)) break;
        if (scrolls(s.overflowX) || scrolls(s.overflowY)) break;
        fixed = s.position === 'fixed';
        const x = hides(s.overflowX);
        const y = hides(s.overflowY);
        if (!x && !y) continue;
        const b = a.getBoundingClientRect();
        const left = b.left + a.clientLeft;
        const top = b.top + a.clientTop;
        const cutX = x && (r.left < left - 1 || r.right > left + a.clientWidth + 1);
        const cutY = y && (r.top < top - 1 || r.bottom > top + a.clientHeight + 1);
        if (cutX || cutY) {
          out.push(`${name(el)} is cut off by ${name(a)}`);
          break;
        }
      }
    }
    return out;
  });
}

/**
 * Fills the chat rooms with `count` messages each, as members would have written them, straight
 * into the e2e server's database (a member may send one every 2 s: typing them would take minutes).
 */
export function fillChat(rooms: readonly string[], count: number): void {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const db = new DatabaseSync(path.join(dir, 'kaijiang.sqlite'));
  try {
    db.exec('PRAGMA busy_timeout = 10000');
    const add = db.prepare(
      `insert into chat_messages (room, member_id, nickname, avatar, role, text, image, at)
       values (?, null, ?, '', 'member', ?, null, ?)`,
    );
    const start = Date.now() - count * 1000;
    for (const room of rooms) {
      for (let i = 0; i < count; i++) {
        // Long and short lines, and one unbroken run of digits that must wrap.
        const text =
          i % 10 === 0
            ? `号码${'0123456789'.repeat(8)}`
            : `第 ${i} 条：今晚特码看好 ${(i % 49) + 1} 号，`.repeat(1 + (i % 4));
        add.run(
          room,
          `会员${i % 23}号的很长很长的昵称`,
          text,
          new Date(start + i * 1000).toISOString(),
        );
      }
    }
  } finally {
    db.close();
  }
}
