import { Fragment, useMemo } from 'react';
import { STATIC_JSON_ROOT } from '@/shared/api/base-query';
import { errorText } from '@/shared/api/paged-list';
import { STATIC_FILES } from '@/shared/api/site-api';
import { drawsOf, useLatestDrawsQuery } from '@/shared/live/latest-api';
import { runtimeConfig } from '@/shared/config/runtime-config';
import { format, useLocale, useMessages } from '@/shared/i18n';
import { useAppSelector } from '@/shared/store/hooks';
import { selectHomeGames } from '@/shared/store/selectors';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { Section } from '@/shared/ui/section';
import { Skeleton } from '@/shared/ui/skeleton';
import { useOpenApiQuery } from '../api/openapi-api';
import { apiGuideWords } from '../model/instruct-api-words';
import { operationsOf, type OpenApiDoc } from '../model/openapi';
import { ApiOperationCard } from './api-operation';
import { EmbedWidgets } from './embed-widgets';
import './reference.css';
import './instruct-api.css';

/** A sentence whose `{name}` placeholders are code: each becomes `<code>` with its value. */
function WithCode({ text, code }: { text: string; code: Record<string, string> }) {
  // Splitting on a capturing pattern puts every placeholder's name at an odd index.
  return text
    .split(/\{(\w+)\}/)
    .map((part, i) =>
      i % 2 ? <code key={i}>{code[part] ?? part}</code> : <Fragment key={i}>{part}</Fragment>,
    );
}

/** The public draw API for webmasters, read from the server's own OpenAPI document. */
export function InstructApiScreen() {
  const w = useMessages(apiGuideWords);
  const locale = useLocale();
  const { apiBase, companyCode } = runtimeConfig();
  const games = useAppSelector(selectHomeGames);
  const gameId = String(games[0]?.id ?? 110);
  const openApi = useOpenApiQuery();
  const doc: { raw: OpenApiDoc } | { error: string } | null = openApi.data
    ? { raw: openApi.data }
    : openApi.isError && !openApi.isFetching
      ? { error: errorText(openApi.error) }
      : null;
  // A real issue for the "one draw" example, from this server's latest draw.
  const latest = useLatestDrawsQuery(Number(gameId));
  const latestIssue = drawsOf(latest.data)[0]?.issue ?? '';

  const publicBase = /^https?:\/\//.test(apiBase) ? apiBase : `${window.location.origin}${apiBase}`;
  const examples = useMemo(
    () => ({
      gameId,
      year: String(new Date().getFullYear()),
      issue: latestIssue,
      pageSize: '5',
      window: '100',
      limit: '30',
      numbers: '07',
      month: new Date().toISOString().slice(0, 7),
    }),
    [gameId, latestIssue],
  );
  // Worded again on a language switch; the document itself is fetched once.
  const ops = useMemo(
    () => (openApi.data ? operationsOf(openApi.data, 'draws', locale) : []),
    [openApi.data, locale],
  );
  const compatOps = useMemo(
    () => (openApi.data ? operationsOf(openApi.data, 'compat', locale) : []),
    [openApi.data, locale],
  );
  // Compatible feeds live at the site's root, not under the API's prefix.
  const compatLive = /^https?:\/\//.test(apiBase) ? new URL(apiBase).origin : '';
  const compatPublic = compatLive || window.location.origin;
  const first = games.find((g) => g.code) ?? games[0];
  const code = first?.code ?? 'hk6';
  const compatExamples = useMemo(
    () => ({
      file: `${code}.com`,
      feed: `${code}.json`,
      code,
      year: String(new Date().getFullYear()),
      expect: latestIssue,
      rows: '5',
    }),
    [code, latestIssue],
  );
  const codes = games
    .filter((g) => g.code)
    .map((g) => `${g.code} = ${g.name}`)
    .join('，');
  const files = [
    { path: STATIC_FILES.games, text: w.fileGames },
    { path: STATIC_FILES.gameCenter, text: w.fileGameCenter },
    { path: STATIC_FILES.fiveElements, text: w.fileFiveElements },
    { path: STATIC_FILES.config, text: w.fileConfig },
    { path: STATIC_FILES.notices(companyCode), text: w.fileNotices },
  ];

  return (
    <div className="kj-stack">
      <Section id="kj-api-intro" title={w.intro}>
        <p className="kj-api-text">
          <WithCode
            text={w.introText}
            code={{ envelope: '{ code, msg, data }', code: 'code', ok: 'OK', msg: 'msg' }}
          />
        </p>
        <a
          className="kj-button kj-button--ghost kj-button--block"
          href={`${apiBase}/docs`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {w.docs}
        </a>
      </Section>
      <Section id="kj-api-draws" title={w.draws}>
        {doc === null ? (
          <Skeleton rows={8} />
        ) : 'error' in doc ? (
          <ErrorNotice
            message={format(w.docFailed, { error: doc.error })}
            onRetry={() => void openApi.refetch()}
          />
        ) : (
          <div className="kj-api-ops">
            {ops.map((op, i) => (
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
      {compatOps.length > 0 && (
        <Section id="kj-api-compat" title={w.compat}>
          <p className="kj-api-text">
            <WithCode text={w.compatText} code={{ codes }} />
          </p>
          <div className="kj-api-ops">
            {compatOps.map((op) => (
              <ApiOperationCard
                key={`${op.id}:${compatExamples.expect}`}
                open={false}
                op={op}
                publicBase={compatPublic}
                apiBase={compatLive}
                examples={compatExamples}
              />
            ))}
          </div>
        </Section>
      )}
      <Section id="kj-api-files" title={w.files}>
        <p className="kj-api-text">
          <WithCode text={w.filesText} code={{ param: w.timestampParam }} />
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
      {games.length > 0 && <EmbedWidgets games={games} />}
    </div>
  );
}
