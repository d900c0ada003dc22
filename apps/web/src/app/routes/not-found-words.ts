import { defineMessages } from '@/shared/i18n';

/** Beside the screen rather than in the shell dictionary: only this route's chunk needs them. */
export const notFoundWords = defineMessages({
  'zh-Hans': {
    title: '没有找到这个页面',
    hint: '地址 {path} 不存在，可能已经移动或输入有误。',
    browse: '浏览全部功能',
  },
  'zh-Hant': {
    title: '沒有找到這個頁面',
    hint: '地址 {path} 不存在，可能已經移動或輸入有誤。',
    browse: '瀏覽全部功能',
  },
});
