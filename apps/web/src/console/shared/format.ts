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
