import type { Page } from '@playwright/test';

/** A piece of text whose colour is too close to what is painted behind it (WCAG 2 AA). */
export interface ContrastProblem {
  text: string;
  where: string;
  ratio: number;
  required: number;
  color: string;
  background: string;
}

/** An element that paints a light box of some size (a white field or card left in dark mode). */
export interface LightBox {
  where: string;
  size: string;
  background: string;
}

export interface ThemeReport {
  theme: string | undefined;
  /** Relative luminance (0 black … 1 white) of the page and of the content column. */
  bodyLuminance: number;
  columnLuminance: number;
  /** How many pieces of text were measured. */
  checked: number;
  /** Text whose background is a picture: not measurable, listed for the record. */
  skipped: string[];
  problems: ContrastProblem[];
  lightBoxes: LightBox[];
}

/** Text that is pure decoration (WCAG's "incidental" text): the "?" of a ball still to come. */
const DECORATION = '.kj-dball__seat';

/**
 * Measures, in the page, every visible piece of text against the colour behind it: the nearest
 * ancestors' background colours and gradients, blended down to the first opaque one (text over a
 * linear gradient is measured against each of its stops, over a radial one against its outer
 * colour). Normal text needs 4.5:1, large text (24px, or 18.66px bold) 3:1. Text that is hidden,
 * decoration or part of a disabled control is exempt, as in WCAG; aria-hidden text that shows (the
 * digits of a ball, whose name is its aria-label) is not. Also lists the light boxes larger than
 * `lightBoxArea` px², for dark mode. Run it with reduced motion, so that nothing is half-way
 * through an animation.
 */
export async function measureTheme(page: Page, lightBoxArea = 48 * 48): Promise<ThemeReport> {
  return page.evaluate(
    async ([maxLightArea, decoration]) => {
      // A theme switch starts colour transitions (0.01ms under reduced motion, still a frame).
      for (let i = 0; i < 3; i++) await new Promise((r) => requestAnimationFrame(r));
      type Rgba = [number, number, number, number];
      const parse = (value: string): Rgba | null => {
        if (value === 'transparent') return [0, 0, 0, 0];
        const m = /^rgba?\(([^)]+)\)$/.exec(value.trim());
        if (!m) return null;
        const n = m[1]!
          .split(/[\s,/]+/)
          .filter(Boolean)
          .map(Number);
        if (n.length < 3 || n.some(Number.isNaN)) return null;
        return [n[0]!, n[1]!, n[2]!, n[3] ?? 1];
      };
      const colours = (image: string): Rgba[] =>
        (image.match(/rgba?\([^)]+\)|transparent/g) ?? []).map((c) => parse(c)!).filter(Boolean);
      const over = (top: Rgba, below: Rgba): Rgba => {
        const a = top[3];
        return [
          top[0] * a + below[0] * (1 - a),
          top[1] * a + below[1] * (1 - a),
          top[2] * a + below[2] * (1 - a),
          1,
        ];
      };
      const luminance = ([r, g, b]: Rgba) => {
        const f = (v: number) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
      };
      const ratio = (a: Rgba, b: Rgba) => {
        const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
        return (hi! + 0.05) / (lo! + 0.05);
      };
      const css = (c: Rgba) => `rgb(${c.slice(0, 3).map(Math.round).join(' ')} / ${c[3]})`;
      const where = (el: Element) => {
        const parts: string[] = [];
        for (let e: Element | null = el; e && parts.length < 3; e = e.parentElement) {
          const cls = [...e.classList].slice(0, 2).join('.');
          parts.unshift(`${e.tagName.toLowerCase()}${cls ? `.${cls}` : ''}`);
        }
        return parts.join(' > ');
      };

      /** The colours that can be behind `el`'s text, or null when a picture is behind it. */
      const backdrops = (el: Element): { colours: Rgba[]; owner: Element | null } | null => {
        const layers: Rgba[][] = [];
        let owner: Element | null = null;
        for (let e: Element | null = el; e; e = e.parentElement) {
          const cs = getComputedStyle(e);
          const image = cs.backgroundImage;
          if (image !== 'none') {
            if (image.includes('url(')) return null;
            const stops = colours(image);
            // A radial gradient is a highlight in a corner: the text sits on its outer colour.
            if (!image.includes('linear-gradient')) stops.splice(0, stops.length - 1);
            if (stops.length) layers.push(stops);
          }
          const bg = parse(cs.backgroundColor);
          if (bg && bg[3] > 0) layers.push([bg]);
          if (bg && bg[3] >= 1) {
            owner = e;
            break;
          }
        }
        // Nothing opaque up to <html>: the canvas behind it.
        let result: Rgba[] = owner
          ? []
          : [
              document.documentElement.dataset.theme === 'dark'
                ? [18, 18, 18, 1]
                : [255, 255, 255, 1],
            ];
        for (const layer of layers.reverse()) {
          const next: Rgba[] = [];
          for (const top of layer)
            for (const below of result.length ? result : [top]) next.push(over(top, below));
          result = next.slice(0, 16);
        }
        return { colours: result, owner };
      };

      const problems: ContrastProblem[] = [];
      const skipped: string[] = [];
      let checked = 0;
      const exempt = (el: Element) =>
        el.closest(`${decoration}, [inert], :disabled, [aria-disabled="true"]`) !== null;

      const measure = (el: Element, text: string) => {
        const rect = el.getBoundingClientRect();
        if (rect.width <= 1 || rect.height <= 1) return;
        if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return;
        if (exempt(el)) return;
        const cs = getComputedStyle(el);
        const fg = parse(el instanceof SVGElement ? cs.fill : cs.color);
        if (!fg) {
          problems.push({
            text,
            where: where(el),
            ratio: 0,
            required: 0,
            color: cs.color,
            background: '?',
          });
          return;
        }
        const behind = backdrops(el);
        if (!behind) {
          skipped.push(`${where(el)}: ${text}`);
          return;
        }
        // Opacity between the text and the box that paints its background fades the text only.
        let alpha = fg[3];
        for (let e: Element | null = el; e && e !== behind.owner; e = e.parentElement)
          alpha *= Number(getComputedStyle(e).opacity);
        const size = parseFloat(cs.fontSize);
        const large = size >= 24 || (size >= 18.66 && Number(cs.fontWeight) >= 700);
        const required = large ? 3 : 4.5;
        let worst = Infinity;
        let worstBg: Rgba = behind.colours[0]!;
        for (const bg of behind.colours) {
          const r = ratio(over([fg[0], fg[1], fg[2], alpha], bg), bg);
          if (r < worst) [worst, worstBg] = [r, bg];
        }
        checked++;
        if (worst + 1e-6 < required)
          problems.push({
            text: text.slice(0, 40),
            where: where(el),
            ratio: Math.round(worst * 100) / 100,
            required,
            color: css([fg[0], fg[1], fg[2], alpha]),
            background: css(worstBg),
          });
      };

      for (const el of document.body.querySelectorAll('*')) {
        if (el.closest('script, style, noscript, template')) continue;
        if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
          if (el.type !== 'hidden' && el.value) measure(el, el.value);
          continue;
        }
        if (el instanceof HTMLSelectElement) {
          const option = el.selectedOptions[0];
          if (option) measure(el, option.text);
          continue;
        }
        const own = [...el.childNodes]
          .filter((n) => n.nodeType === Node.TEXT_NODE)
          .map((n) => n.textContent ?? '')
          .join('')
          .trim();
        if (own) measure(el, own);
      }

      const lightBoxes: LightBox[] = [];
      for (const el of document.body.querySelectorAll('*')) {
        const bg = parse(getComputedStyle(el).backgroundColor);
        if (!bg || bg[3] < 0.5 || luminance(bg) < 0.4) continue;
        const rect = el.getBoundingClientRect();
        if (rect.width * rect.height < maxLightArea) continue;
        if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        lightBoxes.push({
          where: where(el),
          size: `${Math.round(rect.width)}×${Math.round(rect.height)}`,
          background: css(bg),
        });
      }

      const column = document.querySelector('.kj-column') ?? document.body;
      return {
        theme: document.documentElement.dataset.theme,
        bodyLuminance: luminance(parse(getComputedStyle(document.body).backgroundColor)!),
        columnLuminance: luminance(parse(getComputedStyle(column).backgroundColor)!),
        checked,
        skipped,
        problems,
        lightBoxes,
      };
    },
    [lightBoxArea, DECORATION] as const,
  );
}
