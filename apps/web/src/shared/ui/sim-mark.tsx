import type { DrawOrigin } from '@kaijiang/domain';
import { defineMessages, useMessages } from '../i18n';
import './draw-marks.css';

const words = defineMessages({
  'zh-Hans': { sim: '模拟' },
  'zh-Hant': { sim: '模擬' },
});

/** Marks a result the simulator drew, wherever it could pass for a real one. */
export function SimMark({ source }: { source?: DrawOrigin | undefined }) {
  const w = useMessages(words);
  if (source !== 'simulator') return null;
  return <span className="kj-sim">{w.sim}</span>;
}
