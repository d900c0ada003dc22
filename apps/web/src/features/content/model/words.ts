import { defineMessages } from '@/shared/i18n';

/** Words of the parts more than one content screen shows: list footer, share bar, counts. */
export const contentWords = defineMessages({
  'zh-Hans': {
    loading: '加载中…',
    loadMore: '加载更多',
    share: '分享',
    shareCopied: '链接已复制，可以粘贴给好友',
    shareFailed: '无法分享，请手动复制地址栏中的链接',
    views: '{n} 阅读',
    tenThousand: '{n}万',
  },
  'zh-Hant': {
    loading: '載入中…',
    loadMore: '載入更多',
    share: '分享',
    shareCopied: '連結已複製，可以貼上給好友',
    shareFailed: '無法分享，請手動複製網址列中的連結',
    views: '{n} 閱讀',
    tenThousand: '{n}萬',
  },
});
