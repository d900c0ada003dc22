import { useEffect, useMemo, useState } from 'react';
import { STATIC_FILES, STATIC_JSON_ROOT } from '@/shared/api/static-client';
import { getPublic } from '@/shared/api/public-api';
import { runtimeConfig } from '@/shared/config/runtime-config';
import { useAppSelector } from '@/shared/store/hooks';
import { selectHomeGames } from '@/shared/store/selectors';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { Section } from '@/shared/ui/section';
import { Skeleton } from '@/shared/ui/skeleton';
import { getOpenApi } from '../api/get-openapi';
import { operationsOf, type ApiOperation } from '../model/openapi';
import { ApiOperationCard } from './api-operation';
import './reference.css';
import './instruct-api.css';

/** The public draw API for webmasters, read from the server's own OpenAPI document. */
export function InstructApiScreen() {
  const { apiBase, companyCode } = runtimeConfig();
  const games = useAppSelector(selectHomeGames);
  const gameId = String(games[0]?.id ?? 110);
  const [doc, setDoc] = useState<{ ops: ApiOperation[] } | { error: string } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [latestIssue, setLatestIssue] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    getOpenApi(controller.signal)
      .then((d) => setDoc({ ops: operationsOf(d, 'draws') }))
      .catch((e: unknown) => {
        if (!controller.signal.aborted)
          setDoc({ error: e instanceof Error ? e.message : String(e) });
      });
    return () => controller.abort();
  }, [attempt]);

  // A real issue for the "one draw" example, from this server's latest draw.
  useEffect(() => {
    const controller = new AbortController();
    getPublic<{ issue: string }>('/draws/latest', { gameId }, { signal: controller.signal })
      .then((d) => setLatestIssue(d.issue))
      .catch(() => undefined);
    return () => controller.abort();
  }, [gameId]);

  const publicBase = /^https?:\/\//.test(apiBase) ? apiBase : `${window.location.origin}${apiBase}`;
  const examples = useMemo(
    () => ({
      gameId,
      year: String(new Date().getFullYear()),
      issue: latestIssue,
      pageSize: '5',
      window: '100',
    }),
    [gameId, latestIssue],
  );
  const files = [
    { path: STATIC_FILES.games, text: '全部彩种：编号、名称、开奖时间与时区' },
    { path: STATIC_FILES.gameCenter, text: '彩种分组' },
    { path: STATIC_FILES.fiveElements, text: '各农历年的五行号码' },
    { path: STATIC_FILES.config, text: '站点配置，如首页彩种顺序' },
    { path: STATIC_FILES.notices(companyCode), text: '滚动公告' },
  ];

  return (
    <div className="kj-stack">
      <Section id="kj-api-intro" title="接入说明">
        <p className="kj-api-text">
          开奖接口公开可用，无需注册。所有接口返回统一格式 <code>{'{ code, msg, data }'}</code>，
          <code>code</code> 为 <code>OK</code> 表示成功，出错时 <code>msg</code>{' '}
          为中文说明。请为请求设置 20 秒超时，并按需缓存：最新一期每秒更新，往年历史不再变化。
        </p>
        <a
          className="kj-button kj-button--ghost kj-button--block"
          href={`${apiBase}/docs`}
          target="_blank"
          rel="noopener noreferrer"
        >
          完整接口文档（OpenAPI）
        </a>
      </Section>
      <Section id="kj-api-draws" title="开奖接口">
        {doc === null ? (
          <Skeleton rows={8} />
        ) : 'error' in doc ? (
          <ErrorNotice
            message={`接口文档加载失败：${doc.error}`}
            onRetry={() => setAttempt((n) => n + 1)}
          />
        ) : (
          <div className="kj-api-ops">
            {doc.ops.map((op, i) => (
              <ApiOperationCard
                key={`${op.id}:${examples.issue}`}
                open={i === 0}
                op={op}
                publicBase={publicBase}
                apiBase={apiBase}
                examples={examples}
              />
            ))}
          </div>
        )}
      </Section>
      <Section id="kj-api-files" title="数据文件">
        <p className="kj-api-text">
          静态 JSON 文件，可附加 <code>?_t=时间戳</code> 绕过缓存。
        </p>
        {files.map((f) => (
          <div key={f.path} className="kj-endpoint">
            <code>
              <span className="kj-endpoint__method">GET</span>
              {`${STATIC_JSON_ROOT}/${f.path}`}
            </code>
            <p>{f.text}</p>
          </div>
        ))}
      </Section>
    </div>
  );
}
