import { defineMessages } from '@/shared/i18n';

export const homeWords = defineMessages({
  'zh-Hans': {
    notices: '公告',
    games: '彩种',
    gamesEmpty: '暂时没有可显示的彩种',
    gamesFailed: '彩种列表加载失败，请检查网络后重试',
    unknownGame: '没有找到这个彩种',
    unknownGameHint: '请从上方选择一个彩种查看开奖。',
    fiveElementsTitle: '{year} {zodiac}年 五行号码',
    fiveElementsEmpty: '暂时没有 {year} 年的五行数据',
    fiveElementsFailed: '五行数据加载失败',
    quickLinks: '快捷入口',
    retry: '重新加载',
  },
  'zh-Hant': {
    notices: '公告',
    games: '彩種',
    gamesEmpty: '暫時沒有可顯示的彩種',
    gamesFailed: '彩種列表載入失敗，請檢查網絡後重試',
    unknownGame: '沒有找到這個彩種',
    unknownGameHint: '請從上方選擇一個彩種查看開獎。',
    fiveElementsTitle: '{year} {zodiac}年 五行號碼',
    fiveElementsEmpty: '暫時沒有 {year} 年的五行數據',
    fiveElementsFailed: '五行數據載入失敗',
    quickLinks: '快捷入口',
    retry: '重新載入',
  },
});
