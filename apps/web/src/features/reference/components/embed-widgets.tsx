import { EMBED_FRAMES, EMBED_SIZES, type EmbedSize, type Game } from '@kaijiang/domain';
import { useId, useState, useSyncExternalStore } from 'react';
import { format, useLocale, useMessages } from '@/shared/i18n';
import { Section } from '@/shared/ui/section';
import { apiGuideWords } from '../model/instruct-api-words';
import { CopyButton } from './api-operation';

type Theme = 'auto' | 'light' | 'dark';

const never = () => () => undefined;
const pageOrigin = () => window.location.origin;
const noOrigin = () => '';

/** 开奖调用: each size of the results widget, live, with the line of code that puts it on a page. */
export function EmbedWidgets({ games }: { games: readonly Game[] }) {
  const w = useMessages(apiGuideWords);
  const locale = useLocale();
  const id = useId();
  const [gameId, setGameId] = useState(games[0]?.id ?? 110);
  const [theme, setTheme] = useState<Theme>('auto');
  const game = games.find((g) => g.id === gameId) ?? games[0];
  const sizeName: Record<EmbedSize, string> = {
    ticker: w.sizeTicker,
    card: w.sizeCard,
    countdown: w.sizeCountdown,
  };
  // The page's own address, once in the browser (the server's page and the first render agree).
  const origin = useSyncExternalStore(never, pageOrigin, noOrigin);
  const lang = locale === 'zh-Hant' ? 'zh-Hant' : 'zh-Hans';
  const query = (size: EmbedSize) =>
    `size=${size}&theme=${theme}${lang === 'zh-Hant' ? '&lang=zh-Hant' : ''}`;
  const code = (size: EmbedSize) =>
    `<script src="${origin}/embed/loader.js" data-game="${gameId}" data-size="${size}"` +
    `${theme === 'auto' ? '' : ` data-theme="${theme}"`}` +
    `${lang === 'zh-Hant' ? ' data-lang="zh-Hant"' : ''} async></script>`;
  return (
    <Section id="kj-api-embed" title={w.embed}>
      <p className="kj-api-text">{w.embedText}</p>
      <div className="kj-embed-options">
        <label htmlFor={`${id}-game`}>{w.embedGame}</label>
        <select
          id={`${id}-game`}
          value={gameId}
          onChange={(e) => setGameId(Number(e.currentTarget.value))}
        >
          {games.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-theme`}>{w.embedTheme}</label>
        <select
          id={`${id}-theme`}
          value={theme}
          onChange={(e) => setTheme(e.currentTarget.value as Theme)}
        >
          <option value="auto">{w.themeAuto}</option>
          <option value="light">{w.themeLight}</option>
          <option value="dark">{w.themeDark}</option>
        </select>
      </div>
      <div className="kj-embeds">
        {EMBED_SIZES.map((size) => (
          <figure key={size} className={`kj-embed kj-embed--${size}`}>
            <figcaption>{sizeName[size]}</figcaption>
            <iframe
              src={`/embed/${gameId}?${query(size)}`}
              title={format(w.embedPreview, { size: sizeName[size], game: game?.name ?? '' })}
              width={EMBED_FRAMES[size].width}
              height={EMBED_FRAMES[size].height}
              loading="lazy"
            />
            <code className="kj-embed__code">{code(size)}</code>
            <CopyButton text={code(size)} label={w.copyCode} />
          </figure>
        ))}
      </div>
    </Section>
  );
}
