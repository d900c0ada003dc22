import { isRouteErrorResponse, useRouteError } from 'react-router';
import { paths } from '@/shared/config/paths';
import { EmptyState } from '@/shared/ui/empty-state';

/** Shown when a screen's chunk fails to load (e.g. a stale deploy on a flaky network). */
export function RouteError() {
  const error = useRouteError();
  console.warn('route error', error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="kj-fatal">
      <h1 className="kj-sr-only">{notFound ? '页面不存在' : '页面加载失败'}</h1>
      <EmptyState
        icon="refresh"
        title={notFound ? '页面不存在' : '页面加载失败'}
        description="网络可能不稳定，或网站刚刚更新。请刷新页面重试。"
        actions={
          <>
            <button type="button" className="kj-button" onClick={() => window.location.reload()}>
              刷新页面
            </button>
            <a className="kj-button kj-button--ghost" href={paths.root.href()}>
              返回首页
            </a>
          </>
        }
      />
    </main>
  );
}
