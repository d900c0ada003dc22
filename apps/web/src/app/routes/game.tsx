import type { Game } from '@kaijiang/domain';
import { useEffect, useRef, useState } from 'react';
import { GameScreen } from '@/features/home/components/game-screen';
import { LatestDrawCard } from '@/features/lottery/components/latest-draw-card';
import { latestApi } from '@/shared/live/latest-api';
import type { ScreenLoader } from '../router/screen';
import type * as GameExtrasModule from './game-extras';

/**
 * The screen's extras (the Hong Kong prize record, the draw calendar) at its foot, loaded when
 * the visitor scrolls near them: never in the server's page (hydration sees the same mark), no
 * work during start-up (on a phone they are a screen or two below), and below everything else,
 * so that their arrival moves nothing on screen. Offline they do not show; the failed import is
 * only logged.
 */
function Extras({ game }: { game: Game }) {
  const [extras, setExtras] = useState<typeof GameExtrasModule>();
  const mark = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const load = () => void import('./game-extras').then(setExtras);
    const el = mark.current;
    if (!el || typeof IntersectionObserver !== 'function') return load();
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        load();
      },
      { rootMargin: '0px 0px 400px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return extras ? <extras.default game={game} /> : <div ref={mark} className="kj-extras-mark" />;
}

// Keyed by game: switching games starts a fresh card instead of "revealing" the other draw.
const renderDraw = (game: Game) => <LatestDrawCard key={game.id} game={game} links />;
const renderExtras = (game: Game) => <Extras key={game.id} game={game} />;

export function Component() {
  return <GameScreen renderDraw={renderDraw} renderExtras={renderExtras} />;
}

/** The game's latest draw (the screen follows it live). */
export const loader: ScreenLoader = async ({ dispatch }, { params }) => {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) return;
  await dispatch(latestApi.endpoints.latestDraws.initiate(id, { subscribe: false }));
};
