import type { DrawTrend, TrendKind } from '@kaijiang/domain';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { IN_VIEW, NEAR, queuePaint } from '../lib/paint-queue';
import type { TileWatcher } from '../lib/tile-watcher';
import { hasLine, hitColour } from '../model/labels';
import { ladderSlices, LADDER, missRuns } from '../model/miss-runs';

export const ROW_H = 26;
/**
 * Draws per canvas: about the chart's window on a phone (its scroller is a screen high less the
 * controls), so that a switch repaints one band of tiles, two at most, whatever the range.
 */
export const TILE_ROWS = 25;
/** Width of a tile's band of columns at most (a phone's chart window, less the issues). */
export const TILE_WIDTH = 320;

interface TileProps {
  chart: DrawTrend;
  kind: TrendKind;
  /** Index of the tile's first row. */
  from: number;
  /** The tile's columns: `c0` up to, not including, `c1`. */
  c0: number;
  c1: number;
  cell: number;
  misses: boolean;
}

interface Palette {
  brand: string;
  line: string;
  miss: string;
  stripe: string;
  grid: string;
  surface: string;
}

function paletteOf(el: Element): Palette {
  const css = getComputedStyle(el);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    brand: v('--kj-brand', '#c8102e'),
    line: v('--kj-trend-line', '#7a5cff'),
    miss: v('--kj-text-3', '#9aa0a6'),
    stripe: v('--kj-trend-stripe', 'rgba(127,127,127,0.06)'),
    grid: v('--kj-line', 'rgba(127,127,127,0.18)'),
    surface: v('--kj-surface', '#fff'),
  };
}

/**
 * Hit balls and omission numbers as pictures, drawn once per text, colour and scale and then
 * copied: a 200-row chart shows thousands of them, and copying a picture costs a fraction of
 * laying out text (and filling a circle) each time. Bounded by count: balls are small, ladders
 * (below) a tile high.
 */
interface SpriteCache {
  pics: Map<string, HTMLCanvasElement>;
  max: number;
}
const ballCache: SpriteCache = { pics: new Map(), max: 2_000 };
const ladderCache: SpriteCache = { pics: new Map(), max: 48 };

function sprite(
  cache: SpriteCache,
  key: string,
  w: number,
  h: number,
  dpr: number,
  draw: (g: CanvasRenderingContext2D) => void,
): HTMLCanvasElement {
  let c = cache.pics.get(key);
  if (!c) {
    if (cache.pics.size >= cache.max) cache.pics.clear();
    c = document.createElement('canvas');
    c.width = Math.ceil(w * dpr);
    c.height = Math.ceil(h * dpr);
    const g = c.getContext('2d')!;
    g.scale(dpr, dpr);
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    draw(g);
    cache.pics.set(key, c);
  }
  return c;
}

const MISS_FONT = '10px system-ui, sans-serif';
const MISS_FONT_SMALL = '9px system-ui, sans-serif';

/**
 * Omission numbers `k·25 + 1` … `k·25 + 25` stacked a row apart. Down a column, a draw that
 * misses it counts one more than the draw before (rows go oldest first), so a whole run of
 * misses between two hits is one copy of a slice of a ladder, not one copy per cell.
 */
function ladderSprite(k: number, colour: string, halo: string, dpr: number) {
  const w = String((k + 1) * LADDER).length * 7 + 4;
  return sprite(ladderCache, `${k}|${colour}|${halo}|${dpr}`, w, LADDER * ROW_H, dpr, (g) => {
    // Three digits in a desktop's narrow column: a size smaller, so neighbours do not touch.
    g.font = (k + 1) * LADDER > 99 ? MISS_FONT_SMALL : MISS_FONT;
    g.fillStyle = colour;
    // Each number on a rim of the card's colour: the chart's line passes behind it, not through.
    g.strokeStyle = halo;
    g.lineWidth = 3;
    g.lineJoin = 'round';
    for (let i = 0; i < LADDER; i++) {
      const text = String(k * LADDER + i + 1);
      const y = (i + 0.5) * ROW_H + 0.5;
      g.strokeText(text, w / 2, y);
      g.fillText(text, w / 2, y);
    }
  });
}

/** A hit: a ball for a number or a single character, a pill for words (红波, 大单, 总小双). */
function ballSprite(label: string, colour: string, cell: number, radius: number, dpr: number) {
  // A word of two or more characters (红波, 大单, 总小双) is wider than a ball.
  const word = label.length >= 2 && !/^\d+$/.test(label);
  const pill = word && cell >= 36;
  const text = label.length > 2 && cell < 36 ? label.slice(-2) : label;
  const font = `600 ${cell >= 30 ? 12 : 11}px system-ui, sans-serif`;
  const h = radius * 2 + 2;
  return sprite(ballCache, `${label}|${colour}|${cell}|${radius}|${dpr}`, cell, h, dpr, (g) => {
    g.fillStyle = colour;
    g.beginPath();
    if (pill) {
      const w = Math.min(cell - 6, label.length * 13 + 12);
      g.roundRect((cell - w) / 2, 1, w, radius * 2, radius);
    } else g.arc(cell / 2, h / 2, radius, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#fff';
    g.font = font;
    g.fillText(text, cell / 2, h / 2 + 0.5);
  });
}

/** Column of the row's first hit, for the line. */
const firstHit = (cells: readonly number[]) => cells.indexOf(0);

/**
 * Rows painted per task: a few milliseconds of canvas work on a slow phone while the page
 * starts; more when a visitor switches the chart, who waits for the picture.
 */
const ROWS_PER_STEP = 10;
const ROWS_PER_STEP_SWITCHED = 25;

/**
 * The tile's picture, a step at a time: the ground, rules and line first, then the hits and
 * omissions ten rows per step, so that no step blocks a slow phone for long.
 */
function* drawSteps(
  canvas: HTMLCanvasElement,
  p: TileProps,
  rowsPerStep: number,
): Generator<void, void> {
  const { chart, kind, from, c0, c1, cell, misses } = p;
  const rows = chart.rows.slice(from, from + TILE_ROWS);
  const cols = c1 - c0;
  const dpr = Math.min(window.devicePixelRatio || 1, 2);
  const width = cols * cell;
  const height = rows.length * ROW_H;
  // A new size makes a new bitmap: kept when the chart keeps its size (a switch of kind).
  if (canvas.width !== Math.round(width * dpr)) canvas.width = Math.round(width * dpr);
  if (canvas.height !== Math.round(height * dpr)) canvas.height = Math.round(height * dpr);
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const pal = paletteOf(canvas);
  ctx.clearRect(0, 0, width, height);
  // Stripes every other draw and the column rules, as on a paper chart.
  ctx.fillStyle = pal.stripe;
  for (let r = 0; r < rows.length; r++)
    if ((from + r) % 2) ctx.fillRect(0, r * ROW_H, width, ROW_H);
  ctx.strokeStyle = pal.grid;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let c = Math.max(c0, 1); c < c1; c++) {
    ctx.moveTo((c - c0) * cell + 0.5, 0);
    ctx.lineTo((c - c0) * cell + 0.5, height);
  }
  ctx.stroke();

  // x of a column's middle in this tile (the line's columns may lie outside it: clipped).
  const cx = (c: number) => (c - c0) * cell + cell / 2;
  const cy = (r: number) => (r - from) * ROW_H + ROW_H / 2;
  if (hasLine(kind)) {
    // From the draw before this tile to the one after it: each tile draws its share of a line
    // that crosses its edges.
    ctx.strokeStyle = pal.line;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    const last = Math.min(chart.rows.length - 1, from + rows.length);
    let started = false;
    for (let r = Math.max(0, from - 1); r <= last; r++) {
      const c = firstHit(chart.rows[r]!.cells);
      if (c < 0) continue;
      if (started) ctx.lineTo(cx(c), cy(r));
      else ctx.moveTo(cx(c), cy(r));
      started = true;
    }
    ctx.stroke();
  }

  const radius = Math.min(cell, ROW_H) / 2 - 2;
  // This picture's balls by column: no key to build for each hit.
  const ballPics: HTMLCanvasElement[] = [];
  for (let s = 0; s < rows.length; s += rowsPerStep) {
    yield;
    const e = Math.min(rows.length, s + rowsPerStep);
    for (let i = s; i < e; i++) {
      const cells = rows[i]!.cells;
      for (let c = c0; c < c1; c++) {
        if (cells[c] !== 0) continue;
        const label = chart.columns[c]!;
        const pic = (ballPics[c] ??= ballSprite(
          label,
          hitColour(kind, label, pal.brand),
          cell,
          radius,
          dpr,
        ));
        const h = pic.height / dpr;
        ctx.drawImage(pic, (c - c0) * cell, (i + 0.5) * ROW_H - h / 2, cell, h);
      }
    }
    if (!misses) continue;
    for (const run of missRuns(rows, s, e, c0, c1)) {
      for (const { ladder, at, row, count } of ladderSlices(run)) {
        const pic = ladderSprite(ladder, pal.miss, pal.surface, dpr);
        const w = pic.width / dpr;
        const h = count * ROW_H;
        ctx.drawImage(
          pic,
          0,
          at * ROW_H * dpr,
          pic.width,
          h * dpr,
          cx(run.column) - w / 2,
          row * ROW_H,
          w,
          h,
        );
      }
    }
  }
}

/** How far a tile paints ahead of the chart's window: a screen below it, a few columns aside. */
const AHEAD_Y = 400;
const AHEAD_X = 160;
export const AHEAD_MARGIN = `${AHEAD_Y}px ${AHEAD_X}px`;

/** Where a tile is: in the chart's window (and the page's), near it, or far from it. */
function placeOf(canvas: HTMLCanvasElement): 'view' | 'near' | 'far' {
  const r = canvas.getBoundingClientRect();
  const box = canvas.closest('.kj-trend__scroll')?.getBoundingClientRect();
  const top = Math.max(box?.top ?? 0, 0);
  const bottom = Math.min(box?.bottom ?? window.innerHeight, window.innerHeight);
  const left = Math.max(box?.left ?? 0, 0);
  const right = Math.min(box?.right ?? window.innerWidth, window.innerWidth);
  if (r.bottom > top && r.top < bottom && r.right > left && r.left < right) return 'view';
  const near =
    r.bottom > (box?.top ?? 0) - AHEAD_Y &&
    r.top < (box?.bottom ?? window.innerHeight) + AHEAD_Y &&
    r.right > (box?.left ?? 0) - AHEAD_X &&
    r.left < (box?.right ?? window.innerWidth) + AHEAD_X;
  return near ? 'near' : 'far';
}

interface TrendTileProps extends TileProps {
  /** The grid knows its width (the cells would change size and paint again). */
  sized: boolean;
  /** Set when the screen showed a chart before: a visitor waits for this one, paint it at once. */
  eager: { readonly current: boolean };
  /** The chart's observer of tiles near its window (see AHEAD_MARGIN). */
  watcher: TileWatcher;
}

/**
 * Twenty-five draws by a band of columns of the chart on one canvas, painted when it comes near
 * the chart's window: a 500-row chart of 49 columns on a phone is eighty of these, and switching
 * kind repaints at once only those near the window (those on screen first, in the frame that
 * shows the new chart); the others are painted when scrolled near. Small canvases also keep
 * what the browser hands to its compositor per frame small.
 */
export function TrendTile(props: TrendTileProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  const { chart, kind, from, c0, c1, cell, misses, sized, eager, watcher } = props;
  // Within reach of the chart's window, as its observer last said (null: not said yet).
  const near = useRef<boolean | null>(null);
  // The paint waiting for the tile to come near.
  const pending = useRef<(() => void) | null>(null);
  const shown = useRef(false);

  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    return watcher.watch(canvas, (isNear) => {
      near.current = isNear;
      const paint = pending.current;
      if (isNear && paint) {
        pending.current = null;
        paint();
      }
    });
  }, [watcher]);

  // Before the browser paints the new chart: a tile on screen shows its new picture in that very
  // frame (painted at once on a switch, a tenth of a frame's work on a slow phone per tile).
  useLayoutEffect(() => {
    const canvas = ref.current;
    if (!canvas || !sized) return;
    let cancel: (() => void) | undefined;
    const done = () => {
      // What the picture shows once it is whole (the repaint bench waits for it).
      canvas.dataset.painted = `${kind}:${chart.rows.length}`;
    };
    const paint = () => {
      const switched = shown.current || eager.current;
      shown.current = true;
      const step = switched ? ROWS_PER_STEP_SWITCHED : ROWS_PER_STEP;
      const steps = drawSteps(canvas, { chart, kind, from, c0, c1, cell, misses }, step);
      const priority = placeOf(canvas) === 'view' ? IN_VIEW : NEAR;
      if (switched && priority === IN_VIEW) {
        while (!steps.next().done);
        done();
      } else cancel = queuePaint(steps, priority, done);
    };
    delete canvas.dataset.painted;
    // The observer's word once it has spoken; a new tile's place is measured.
    const isNear =
      near.current ?? (typeof IntersectionObserver !== 'function' || placeOf(canvas) !== 'far');
    if (isNear) paint();
    else pending.current = paint;
    return () => {
      cancel?.();
      if (pending.current === paint) pending.current = null;
    };
  }, [chart, kind, from, c0, c1, cell, misses, sized, eager]);
  const rows = Math.min(TILE_ROWS, chart.rows.length - from);
  return (
    <canvas
      ref={ref}
      className="kj-trend__tile"
      aria-hidden="true"
      style={{ width: `${(c1 - c0) * cell}px`, height: `${rows * ROW_H}px` }}
    />
  );
}
