import { lunarYearOf } from '@kaijiang/domain';
import { selectLiveDraw } from '@/shared/live/latest-api';
import { useAppSelector } from '@/shared/store/hooks';
import { NumberBall } from '@/shared/ui/number-ball';

/** A game's latest balls in its switcher link (a desktop's glance at every game's result). */
export default function GameLatest({ gameId }: { gameId: number }) {
  const draw = useAppSelector((s) => selectLiveDraw(s, gameId));
  const numbers = draw?.numbers ?? [];
  return (
    <span className="kj-game__draw">
      {draw
        ? numbers.map((n, i) => (
            <NumberBall
              key={`${i}:${n}`}
              number={n}
              lunarYear={lunarYearOf(new Date(draw.drawAt))}
            />
          ))
        : null}
    </span>
  );
}
