import type { DrawTrend, TrendKind } from '@kaijiang/domain';
import { useEffect, useRef } from 'react';
import { nextTask } from '@/shared/lib/next-task';
import { hasLine, hitColour } from '../model/labels';

export const ROW_H = 26;
export const TILE_ROWS = 50;

interface TileProps {
  chart: DrawTrend;
  kind: TrendKind;
  /** Index of the tile's first row. */
  from: number;
  cell: number;
  misses: boolean;
}

interface Palette {
  brand: string;
  line: string;
  miss: string;
  stripe: string;
  grid: string;
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
  };
}

/**
 * Omission numbers as small pictures, drawn once per text, colour and scale and then copied:
 * a 200-row chart shows thousands of them, and copying a picture costs a fraction of laying
 * out text each time.
 */
const sprites = new Map<string, HTMLCanvasElement>();
const SPRITES_MAX = 2_000;
function sprite(text: string, font: string, colour: string, dpr: number, h: number) {
  const key = `${text}|${font}|${colour}|${dpr}`;
  let c = sprites.get(key);
  if (!c) {
    if (sprites.size >= SPRITES_MAX) sprites.clear();
    c = document.createElement('canvas');
    const w = Math.ceil(text.length * 7 + 4);
    c.width = Math.ceil(w * dpr);
    c.height = Math.ceil(h * dpr);
    const g = c.getContext('2d')!;
    g.scale(dpr, dpr);
    g.font = font;
    g.fillStyle = colour;
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.fillText(text, w / 2, h / 2 + 0.5);
    sprites.set(key, c);
  }
  return c;
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
  const { chart, kind, from, cell, misses } = p;
  const rows = chart.rows.slice(from, from + TILE_ROWS);
  const cols = chart.columns.length;
  const dpr = Math.min(window.devicePixelRatio || 1, 2);
  const width = cols * cell;
  const height = rows.length * ROW_H;
  canvas.width = Math.round(width * dpr);
  canvas.height = Math.round(height * dpr);
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
  for (let c = 1; c < cols; c++) {
    ctx.moveTo(c * cell + 0.5, 0);
    ctx.lineTo(c * cell + 0.5, height);
  }
  ctx.stroke();

  const cx = (c: number) => c * cell + cell / 2;
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
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const ballFont = `600 ${cell >= 30 ? 12 : 11}px system-ui, sans-serif`;
  const missFont = '10px system-ui, sans-serif';
  for (const [i, row] of rows.entries()) {
    if (i % rowsPerStep === 0) yield;
    const y = (i + 0.5) * ROW_H;
    for (let c = 0; c < cols; c++) {
      const n = row.cells[c]!;
      if (n === 0) {
        const label = chart.columns[c]!;
        ctx.fillStyle = hitColour(kind, label, pal.brand);
        ctx.beginPath();
        if (label.length > 2 && cell >= 36) {
          // Words (大单, 总小双) get a pill, a number or a single character a ball.
          const w = cell - 6;
          ctx.roundRect(cx(c) - w / 2, y - radius, w, radius * 2, radius);
        } else ctx.arc(cx(c), y, radius, 0, Math.PI * 2);
        ctx.fill();
        ctx.fillStyle = '#fff';
        ctx.font = ballFont;
        ctx.fillText(label.length > 2 && cell < 36 ? label.slice(-2) : label, cx(c), y + 0.5);
      } else if (misses) {
        const pic = sprite(String(n), missFont, pal.miss, dpr, ROW_H);
        const w = pic.width / dpr;
        ctx.drawImage(pic, cx(c) - w / 2, y - ROW_H / 2, w, ROW_H);
      }
    }
  }
}

/**
 * Fifty draws of the chart on one canvas, painted when it comes near the screen: a 500-row chart
 * is ten of these, and switching kind repaints only those in view.
 */
export function TrendTile(props: TileProps & { sized: boolean }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const { chart, kind, from, cell, misses, sized } = props;
  // Painted once: near the screen, so a new picture need not wait for the observer.
  const shown = useRef(false);
  useEffect(() => {
    const canvas = ref.current;
    // Not before the grid knows its width: the cells would change size and paint again.
    if (!canvas || !sized) return;
    let stopped = false;
    const paint = async () => {
      delete canvas.dataset.painted;
      const step = shown.current ? ROWS_PER_STEP_SWITCHED : ROWS_PER_STEP;
      shown.current = true;
      const steps = drawSteps(canvas, { chart, kind, from, cell, misses }, step);
      // A newer chart, kind or size stops this picture between two steps.
      while (!stopped && !steps.next().done) await nextTask();
      // What the picture shows once it is whole (the repaint bench waits for it).
      if (!stopped) canvas.dataset.painted = `${kind}:${chart.rows.length}`;
    };
    if (shown.current || typeof IntersectionObserver !== 'function') {
      void paint();
      return () => {
        stopped = true;
      };
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          void paint();
        }
      },
      { rootMargin: '400px' },
    );
    io.observe(canvas);
    return () => {
      stopped = true;
      io.disconnect();
    };
  }, [chart, kind, from, cell, misses, sized]);
  const rows = Math.min(TILE_ROWS, chart.rows.length - from);
  return (
    <canvas
      ref={ref}
      className="kj-trend__tile"
      aria-hidden="true"
      style={{ width: `${chart.columns.length * cell}px`, height: `${rows * ROW_H}px` }}
    />
  );
}
