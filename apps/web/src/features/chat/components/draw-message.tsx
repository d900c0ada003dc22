import { lunarYearOf, type ChatMessage } from '@kaijiang/domain';
import { format, useMessages } from '@/shared/i18n';
import { selectLiveDraw } from '@/shared/live/latest-api';
import { useAppSelector } from '@/shared/store/hooks';
import { DrawBalls } from '@/shared/ui/draw-balls';
import { chatWords } from '../model/words';

/**
 * The room's one message about a draw. While the screen follows that draw live, it is the draw
 * itself, filled in from the same snapshots as the draw card and its stage (never a ball ahead of
 * them); otherwise its text, which the server rewrites with the result.
 */
export function DrawMessage({
  message: m,
  about,
}: {
  message: ChatMessage;
  about: NonNullable<ChatMessage['draw']>;
}) {
  const w = useMessages(chatWords);
  const live = useAppSelector((s) => selectLiveDraw(s, about.gameId));
  const draw = live && live.issue === about.issue && live.numbers.length > 0 ? live : undefined;
  if (!draw) {
    return (
      <li className="kj-chat__system">
        <span className="kj-chat__system-name">{w.system}</span> {m.text}
      </li>
    );
  }
  const done = draw.status === 'done';
  return (
    <li className="kj-chat__draw" data-issue={draw.issue}>
      <p className="kj-chat__draw-head">
        <span className="kj-chat__system-name">{w.system}</span>
        <span>{format(w.drawIssue, { issue: draw.issue })}</span>
        <span
          className={done ? 'kj-chat__draw-state' : 'kj-chat__draw-state kj-chat__draw-state--on'}
        >
          {done ? w.drawn : w.drawing}
        </span>
      </p>
      <DrawBalls
        numbers={draw.numbers}
        lunarYear={lunarYearOf(new Date(draw.drawAt))}
        placeholders={!done}
      />
    </li>
  );
}
