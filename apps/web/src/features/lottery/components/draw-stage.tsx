import { ELEMENT_ZH, elementOf, lunarYearOf, type DrawSnapshot } from '@kaijiang/domain';
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { runtimeConfig } from '@/shared/config/runtime-config';
import { format, useLocale, useMessages } from '@/shared/i18n';
import { useServerNow } from '@/shared/live/server-clock';
import { formatCountdown } from '@/shared/lib/schedule';
import { storage } from '@/shared/storage/storage';
import { ballName } from '@/shared/ui/number-ball';
import { DelayNote } from '@/shared/ui/delay-note';
import { SimMark } from '@/shared/ui/sim-mark';
import { useBallReveal } from '../hooks/use-ball-reveal';
import { stageWords } from '../model/stage-words';
import { say } from '../model/voice';
import './draw-stage.css';

/** The balls mixing in the globe: spread over it, each on a path and pace of its own. */
const MIX: CSSProperties[] = Array.from(
  { length: 12 },
  (_, i) =>
    ({
      left: `${12 + ((i * 37) % 60)}%`,
      top: `${16 + ((i * 23) % 52)}%`,
      '--x1': `${((i % 4) - 1.5) * 14}px`,
      '--x2': `${(1.5 - (i % 3)) * 16}px`,
      '--x3': `${((i % 5) - 2) * 9}px`,
      animationDuration: `${1.1 + i * 0.07}s`,
      animationDelay: `${-i * 0.21}s`,
    }) as CSSProperties,
);
const VOICE_KEY = 'kj_voice';

/**
 * The draw as an event when there is no video: a machine mixing the balls, each ball rolling out
 * into its slot with its colour, number, zodiac and element, the next ball's countdown, and the
 * whole result at the end. Everything follows the live socket's snapshots: a ball appears when
 * the server says it is out (those already out when the visitor arrived are in place at once),
 * and the countdown only says when the next is expected.
 */
export interface DrawStageProps {
  draw: DrawSnapshot;
}

/** Named "开奖现场" alone: the game's card below carries the game's name. */
export function DrawStage({ draw }: DrawStageProps) {
  const w = useMessages(stageWords);
  const locale = useLocale();
  const now = useServerNow(250);
  const shownFrom = useBallReveal(draw);
  const [voice, setVoice] = useState(() => storage.get(VOICE_KEY) === '1');
  const year = lunarYearOf(new Date(draw.drawAt));
  // Before its first ball the stage waits for the draw with empty slots; after the last ball it
  // keeps the result until the next draw begins.
  const nextAt = Date.parse(draw.drawAt);
  const upcoming = draw.status === 'waiting' || draw.status === 'delayed';
  const count = upcoming ? 0 : draw.numbers.length;
  const drawing = draw.status === 'drawing' || upcoming;

  // When the latest ball arrived on the server's clock, for the next one's countdown.
  const key = `${draw.issue}:${count}`;
  const [last, setLast] = useState({ key, at: Date.parse(draw.serverTime) || now });
  if (last.key !== key) setLast({ key, at: Date.parse(draw.serverTime) || now });

  // Each ball said once, as it comes out (never those already out on arrival).
  const said = useRef(`${draw.issue}:${shownFrom}`);
  useEffect(() => {
    if (!voice || count <= shownFrom || said.current === key) return;
    said.current = key;
    const ball = ballName(draw.numbers[count - 1]!, year, locale).label;
    const text =
      count === 7
        ? format(w.saySpecial, { ball })
        : format(w.say, { n: w.ordinals.charAt(count - 1), ball });
    say(text, locale);
  }, [voice, key, count, shownFrom, draw.numbers, year, locale, w]);

  let line: ReactNode;
  if (upcoming) {
    const left = nextAt - now;
    line = left > 0 ? format(w.startsIn, { time: formatCountdown(left) }) : w.waiting;
  } else if (draw.status === 'done') line = format(w.done, { issue: draw.issue });
  else {
    const left = Math.ceil((last.at + (runtimeConfig().ballIntervalMs ?? 4000) - now) / 1000);
    // The countdown wraps as a whole onto the next line on a phone, never as "约 3" and "秒".
    line = (
      <>
        {count === 6 ? w.special : format(w.drawing, { n: count + 1 })}
        {' · '}
        <span className="kj-stage__left">{left > 0 ? format(w.nextIn, { s: left }) : w.soon}</span>
      </>
    );
  }

  return (
    <section className={`kj-stage${drawing ? ' kj-stage--on' : ''}`} aria-label={w.label}>
      <div className="kj-stage__top">
        <div className="kj-stage__machine" aria-hidden="true">
          <div className="kj-stage__globe">
            {MIX.map((style, i) => (
              <span key={i} className={`kj-stage__mix kj-stage__mix--${i % 3}`} style={style} />
            ))}
          </div>
          <div className="kj-stage__chute" />
        </div>
        <div className="kj-stage__info">
          <p className="kj-stage__line">
            {draw.status === 'delayed' ? <DelayNote drawAt={draw.drawAt} /> : line}
            <SimMark source={draw.source} />
          </p>
          <button
            type="button"
            className="kj-stage__voice"
            aria-pressed={voice}
            onClick={() => {
              storage.set(VOICE_KEY, voice ? '0' : '1');
              // Turned on now: the balls from here on are said, not the one already out.
              said.current = key;
              setVoice(!voice);
            }}
          >
            {w.voice}
          </button>
        </div>
      </div>
      {/* Seen, not read: the card below names each ball and announces it as it comes. */}
      <ol className="kj-stage__slots" aria-hidden="true">
        {Array.from({ length: 7 }, (_, k) => {
          const n = k < count ? draw.numbers[k] : undefined;
          if (!n) {
            return (
              <li key={k} className="kj-stage__slot">
                <span className="kj-stage__seat">{k === 6 ? w.specialTag : k + 1}</span>
              </li>
            );
          }
          const info = ballName(n, year, locale);
          return (
            <li
              key={k}
              className={`kj-stage__slot${k >= shownFrom ? ' kj-stage__slot--in' : ''}${k === 6 ? ' kj-stage__slot--special' : ''}`}
              style={{ '--k': k } as CSSProperties}
            >
              <span
                className="kj-stage__ball"
                title={info.label}
                style={{ backgroundColor: info.hex }}
              >
                {info.ball}
              </span>
              <span className="kj-stage__tag" aria-hidden="true">
                {info.zodiac}/{ELEMENT_ZH[elementOf(n, year)]}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
