import type { DrawOrigin } from '@kaijiang/domain';
import { defineMessages, format, useMessages } from '../i18n';
import { useServerNow } from '../live/server-clock';
import './draw-marks.css';

const words = defineMessages({
  'zh-Hans': {
    sim: '模拟',
    simTitle: '模拟开奖，不是官方结果',
    delayed: '开奖延迟',
    delayedFor: '开奖延迟 {m} 分钟',
    disputed: '结果核对中',
  },
  'zh-Hant': {
    sim: '模擬',
    simTitle: '模擬開獎，不是官方結果',
    delayed: '開獎延遲',
    delayedFor: '開獎延遲 {m} 分鐘',
    disputed: '結果核對中',
  },
});

/** Marks a result the simulator drew, wherever it could pass for a real one. */
export function SimMark({ source }: { source?: DrawOrigin | undefined }) {
  const w = useMessages(words);
  if (source !== 'simulator') return null;
  return (
    <span className="kj-sim" title={w.simTitle} aria-label={w.simTitle}>
      {w.sim}
    </span>
  );
}

/** 开奖延迟 with the minutes since the draw's time (the server's clock). */
export function DelayNote({ drawAt, className }: { drawAt: string; className?: string }) {
  const w = useMessages(words);
  const now = useServerNow(15_000);
  const minutes = Math.max(0, Math.floor((now - Date.parse(drawAt)) / 60_000));
  return (
    <span className={`kj-delay${className ? ` ${className}` : ''}`} role="status">
      {minutes > 0 ? format(w.delayedFor, { m: minutes }) : w.delayed}
    </span>
  );
}

/** The word for a draw whose feeds disagree. */
export function useDisputedWord(): string {
  return useMessages(words).disputed;
}
