import { format, getLocale } from '@/shared/i18n';
import { contentWords } from './words';

/** Beijing time has been UTC+8 without summer time since 15 September 1991. */
const BEIJING_OFFSET_MS = 8 * 3_600_000;
const NO_SHIFT_SINCE = Date.UTC(1991, 8, 15);

// Built only for older instants: creating a formatter loads the zone and locale data, which
// costs a slow phone some 20 ms on the first screen that shows a time.
let beijingFormat: Intl.DateTimeFormat | undefined;

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-03-01 21:32" in Beijing time, whatever the phone's zone: the site's audience reads it so. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  const t = d.getTime();
  if (Number.isNaN(t)) return '';
  if (t >= NO_SHIFT_SINCE) {
    const b = new Date(t + BEIJING_OFFSET_MS);
    return `${b.getUTCFullYear()}-${pad(b.getUTCMonth() + 1)}-${pad(b.getUTCDate())} ${pad(b.getUTCHours())}:${pad(b.getUTCMinutes())}`;
  }
  beijingFormat ??= new Intl.DateTimeFormat('zh-CN', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
  const parts = Object.fromEntries(beijingFormat.formatToParts(d).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

export function formatDate(iso: string): string {
  return formatDateTime(iso).slice(0, 10);
}

/** 1234 → "1,234"; 12345 → "1.2万" (the unit in the visitor’s language). */
export function formatCount(
  n: number,
  tenThousand: string = contentWords[getLocale()].tenThousand,
): string {
  if (n >= 10_000) return format(tenThousand, { n: (n / 10_000).toFixed(1).replace(/\.0$/, '') });
  // Grouped by hand: the first toLocaleString of a page loads number data on a slow phone.
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
