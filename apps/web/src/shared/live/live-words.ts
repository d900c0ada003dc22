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
    socketClosed: '连接已关闭',
    socketNotReady: '实时连接未就绪',
    socketTimeout: '实时连接请求超时',
    socketRefused: '请求被拒绝',
  },
  'zh-Hant': {
    finishedTitle: '{game} 第{issue}期 開獎結果',
    connected: '即時',
    connecting: '連接中',
    reconnecting: '重連中',
    offline: '未連接',
    connectionLabel: '即時連接：{state}',
    close: '關閉',
    socketClosed: '連接已關閉',
    socketNotReady: '即時連接未就緒',
    socketTimeout: '即時連接請求超時',
    socketRefused: '請求被拒絕',
  },
});
