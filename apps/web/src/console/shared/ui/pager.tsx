import { useT } from '../i18n';

/** Previous / next with "page n of m"; the list itself is paged on the server. */
export function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (p: number) => void;
}) {
  const t = useT();
  if (pages <= 1) return null;
  return (
    <nav className="cs-pager" aria-label={t('pager.label')}>
      <button
        type="button"
        className="cs-button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('pager.prev')}
      </button>
      <span aria-current="page">{t('pager.of', { page, pages })}</span>
      <button
        type="button"
        className="cs-button"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('pager.next')}
      </button>
    </nav>
  );
}
