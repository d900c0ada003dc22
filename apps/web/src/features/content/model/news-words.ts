import { defineMessages } from '@/shared/i18n';

export const newsWords = defineMessages({
  'zh-Hans': {
    tabsLabel: '资讯分类',
    all: '全部',
    listLabel: '资讯列表',
    emptyTitle: '这个分类还没有资讯',
    emptyHint: '换个分类看看，或稍后再来。',
    end: '已经到底了',
    notFoundTitle: '这篇资讯不存在或已下线',
    notFoundHint: '它可能已被删除或尚未发布，看看其他资讯吧。',
    browseAll: '浏览全部资讯',
    more: '更多资讯',
  },
  'zh-Hant': {
    tabsLabel: '資訊分類',
    all: '全部',
    listLabel: '資訊列表',
    emptyTitle: '這個分類還沒有資訊',
    emptyHint: '換個分類看看，或稍後再來。',
    end: '已經到底了',
    notFoundTitle: '這篇資訊不存在或已下線',
    notFoundHint: '它可能已被刪除或尚未發佈，看看其他資訊吧。',
    browseAll: '瀏覽全部資訊',
    more: '更多資訊',
  },
});

/**
 * Category names by code. The domain's NEWS_CATEGORIES carries the Simplified names for the
 * server; the screens show these, which must agree with it (checked by a test).
 */
export const categoryWords = defineMessages({
  'zh-Hans': {
    results: '开奖公告',
    schedule: '开奖安排',
    guide: '玩法解读',
    responsible: '理性购彩',
    other: '资讯',
  },
  'zh-Hant': {
    results: '開獎公告',
    schedule: '開獎安排',
    guide: '玩法解讀',
    responsible: '理性購彩',
    other: '資訊',
  },
});
