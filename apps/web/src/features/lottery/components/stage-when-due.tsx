import type { Game } from '@kaijiang/domain';
import { useEffect, useState, type ComponentType } from 'react';
import { selectLiveDraw } from '@/shared/live/latest-api';
import { useAppSelector } from '@/shared/store/hooks';
import type { DrawStageProps } from './draw-stage';

/**
 * The draw stage of a game without a video. The game's card asks for this only once a draw is on
 * (and keeps it for the result), so it fetches the stage at once: no byte of either is in a
 * first load, and the first load's list of files to preload for it stays short.
 */
export default function StageWhenDue({ game }: { game: Game }) {
  const draw = useAppSelector((s) => selectLiveDraw(s, game.id));
  const [Stage, setStage] = useState<{ C: ComponentType<DrawStageProps> } | null>(null);
  const wanted = !game.streamUrl;
  useEffect(() => {
    if (wanted) void import('./draw-stage').then((m) => setStage({ C: m.DrawStage }));
  }, [wanted]);
  return Stage && draw && wanted ? <Stage.C draw={draw} /> : null;
}
