import { defineMessages } from '../i18n';

/** Words of the live parts shared by several screens (badge, notification, draw card). */
export const liveWords = defineMessages({
  'zh-Hans': {
    finishedTitle: '{game} 第{issue}期 开奖结果',
    connected: '实时',
    connecting: '连接中',
    reconnecting: '重连中',
    offline: '未连接',
    connectionLabel: '实时连接：{state}',
    close: '关闭',
  },
  'zh-Hant': {
    finishedTitle: '{game} 第{issue}期 開獎結果',
    connected: '即時',
    connecting: '連接中',
    reconnecting: '重連中',
    offline: '未連接',
    connectionLabel: '即時連接：{state}',
    close: '關閉',
  },
});
