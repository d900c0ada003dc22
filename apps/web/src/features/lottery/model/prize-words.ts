import { defineMessages } from '@/shared/i18n';

/** Words of the Hong Kong prize record and of one past draw's card (issue-draw.tsx). */
export const prizeWords = defineMessages({
  'zh-Hans': {
    title: '派彩结果',
    issue: '第 {issue} 期',
    snowball: '金多宝',
    loading: '正在读取派彩结果',
    failed: '派彩结果暂时无法获取',
    retry: '重试',
    pending: '派彩结果稍后公布',
    drawTitle: '开奖结果',
    drawLoading: '正在读取这一期',
    drawMissing: '没有这一期的开奖结果',
    drawFailed: '这一期暂时无法获取',
    drawLatest: '回到最新一期',
  },
  'zh-Hant': {
    title: '派彩結果',
    issue: '第 {issue} 期',
    snowball: '金多寶',
    loading: '正在讀取派彩結果',
    failed: '派彩結果暫時無法獲取',
    retry: '重試',
    pending: '派彩結果稍後公佈',
    drawTitle: '開獎結果',
    drawLoading: '正在讀取這一期',
    drawMissing: '沒有這一期的開獎結果',
    drawFailed: '這一期暫時無法獲取',
    drawLatest: '回到最新一期',
  },
});
