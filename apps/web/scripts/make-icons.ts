// Renders the install icons (public/icons/*.png) from one SVG with the tests' Chromium.
// Run after changing the artwork: node apps/web/scripts/make-icons.ts
import path from 'node:path';
import { chromium } from 'playwright-core';

const OUT = path.resolve(import.meta.dirname, '../public/icons');

/** `safe` is the share of the square the artwork may use (maskable icons: the inner 80 %). */
function svg(size: number, { maskable }: { maskable: boolean }): string {
  const radius = maskable ? 0 : size * 0.22;
  const k = maskable ? 0.72 : 0.92;
  const c = size / 2;
  const ball = (dx: number, colour: string) =>
    `<circle cx="${c + dx * size * k}" cy="${c + 0.25 * size * k}" r="${0.075 * size * k}" fill="${colour}" stroke="#fff" stroke-width="${0.012 * size * k}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${radius}" fill="#b80000"/>
  <text x="${c}" y="${c + 0.1 * size * k}" font-family="WenQuanYi Micro Hei, sans-serif" font-size="${0.5 * size * k}" font-weight="700" text-anchor="middle" fill="#fff">开奖</text>
  ${ball(-0.2, '#df0000')}${ball(0, '#0000f4')}${ball(0.2, '#43962a')}
</svg>`;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const page = await browser.newPage();
for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['maskable-192.png', 192, true],
  ['maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
] as const) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}</style>${svg(size, { maskable })}`,
  );
  await page.screenshot({ path: path.join(OUT, name), omitBackground: true });
}
await browser.close();
