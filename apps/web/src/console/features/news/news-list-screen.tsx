import { NEWS_CATEGORIES } from '@kaijiang/domain';
import { Link, useLocation, useSearchParams } from 'react-router';
import { errorText } from '../../shared/error-text';
import { formatTime } from '../../shared/format';
import { useT, type T } from '../../shared/i18n';
import { paths } from '../../shared/paths';
import { Pager } from '../../shared/ui/pager';
import { Empty, ErrorBox, Loading } from '../../shared/ui/status';
import { NEWS_PAGE, useNewsListQuery, type AdminNewsSummary } from './news-api';

export const categoryName = (code: string): string =>
  NEWS_CATEGORIES.find((c) => c.code === code)?.name ?? code;

export function newsState(n: { active: boolean; publishedAt: string }, t: T): string {
  if (!n.active) return t('news.draft');
  return Date.parse(n.publishedAt) > Date.now() ? t('news.scheduled') : t('news.published');
}

export function NewsListScreen() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useNewsListQuery(page);
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  return (
    <>
      <div className="cs-heading-row">
        <h1>{t('nav.news')}</h1>
        <Link className="cs-button cs-button--primary" to={paths.newsNew}>
          {t('news.new')}
        </Link>
      </div>
      {notice && (
        <p className="cs-note" role="status">
          {notice}
        </p>
      )}
      {list.isLoading ? (
        <Loading />
      ) : list.error || !list.data ? (
        <ErrorBox message={errorText(list.error, t)} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Empty>{t('news.none')}</Empty>
      ) : (
        <>
          <div className="cs-table-wrap">
            <table className="cs-table cs-table--cards">
              <thead>
                <tr>
                  <th scope="col">{t('news.title')}</th>
                  <th scope="col">{t('news.category')}</th>
                  <th scope="col">{t('news.state')}</th>
                  <th scope="col">{t('news.publishAt')}</th>
                  <th scope="col">{t('news.views')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((n: AdminNewsSummary) => (
                  <tr key={n.id}>
                    <th scope="row">
                      <Link className="cs-title-link" to={paths.newsEdit(n.id)}>
                        {n.title}
                      </Link>
                    </th>
                    <td data-label={t('news.category')}>{categoryName(n.category)}</td>
                    <td data-label={t('news.state')}>{newsState(n, t)}</td>
                    <td data-label={t('news.publishAt')} className="cs-nowrap">
                      {formatTime(n.publishedAt)}
                    </td>
                    <td data-label={t('news.views')}>{n.views}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={page}
            pages={Math.ceil(list.data.total / NEWS_PAGE)}
            onPage={(p) => setParams({ page: String(p) })}
          />
        </>
      )}
    </>
  );
}
