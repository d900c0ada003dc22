import { defineMessages, format, useMessages } from '../i18n';
import { useServerNow } from '../live/server-clock';
import './draw-marks.css';

const words = defineMessages({
  'zh-Hans': { delayed: '开奖延迟', delayedFor: '开奖延迟 {m} 分钟' },
  'zh-Hant': { delayed: '開獎延遲', delayedFor: '開獎延遲 {m} 分鐘' },
});

/** 开奖延迟 with the minutes since the draw's time (the server's clock). */
export function DelayNote({ drawAt }: { drawAt: string }) {
  const w = useMessages(words);
  const now = useServerNow(15_000);
  const minutes = Math.max(0, Math.floor((now - Date.parse(drawAt)) / 60_000));
  return (
    <span className="kj-delay">
      {minutes > 0 ? format(w.delayedFor, { m: minutes }) : w.delayed}
    </span>
  );
}
