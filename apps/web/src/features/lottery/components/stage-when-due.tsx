import type { Game } from '@kaijiang/domain';
import { useEffect, useState, type ComponentType } from 'react';
import { selectLiveDraw } from '@/shared/live/latest-api';
import { useServerNow } from '@/shared/live/server-clock';
import { useAppSelector } from '@/shared/store/hooks';
import type { DrawStageProps } from './draw-stage';

/**
 * The draw stage of a game without a video, fetched from a minute before its draw and shown
 * during and after it (the result stays on the stage). The screens load this small module after
 * they start, and it loads the stage itself only when a draw is due: no byte of either is in a
 * first load, and the first load's list of files to preload for it stays short.
 */
export default function StageWhenDue({ game }: { game: Game }) {
  const draw = useAppSelector((s) => selectLiveDraw(s, game.id));
  const now = useServerNow(5000);
  const [Stage, setStage] = useState<{ C: ComponentType<DrawStageProps> } | null>(null);
  const next = draw ? Date.parse(draw.status === 'waiting' ? draw.drawAt : draw.nextDrawAt) : NaN;
  const due = !game.streamUrl && !!draw && (draw.status === 'drawing' || next - now < 60_000);
  useEffect(() => {
    if (due && !Stage) void import('./draw-stage').then((m) => setStage({ C: m.DrawStage }));
  }, [due, Stage]);
  return Stage && draw && !game.streamUrl ? <Stage.C draw={draw} /> : null;
}
