import { defineMessages } from '@/shared/i18n';

/** Words of the Hong Kong prize record (its own chunk, loaded with the table). */
export const prizeWords = defineMessages({
  'zh-Hans': {
    title: '派彩结果',
    issue: '第 {issue} 期',
    snowball: '金多宝',
    loading: '正在读取派彩结果',
    failed: '派彩结果暂时无法获取',
    retry: '重试',
    pending: '派彩结果稍后公布',
  },
  'zh-Hant': {
    title: '派彩結果',
    issue: '第 {issue} 期',
    snowball: '金多寶',
    loading: '正在讀取派彩結果',
    failed: '派彩結果暫時無法獲取',
    retry: '重試',
    pending: '派彩結果稍後公佈',
  },
});
