// Times as the site's operators read them: Beijing / Hong Kong time.
const fmt = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

export const formatTime = (iso: string | null | undefined): string =>
  iso ? fmt.format(new Date(iso)).replace(/\//g, '-') : '—';

/** The time of day alone when it falls on today (Beijing time), with its date when it does not. */
export function formatRecent(iso: string, now: Date = new Date()): string {
  const at = formatTime(iso);
  return at.slice(0, 10) === formatTime(now.toISOString()).slice(0, 10) ? at.slice(11) : at;
}
