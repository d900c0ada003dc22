import { defineMessages, type Locale } from '@/shared/i18n';

export const settingsWords = defineMessages({
  'zh-Hans': {
    language: '语言',
    theme: '外观',
    system: '跟随系统',
    light: '浅色',
    dark: '深色',
    cache: '缓存',
    clearCache: '清除缓存',
    clearing: '正在清除…',
    cleared: '缓存已清除',
    cacheHint: '清除本机缓存的页面数据，不会退出登录',
    api: '接口地址',
    apiMissing: '请填写接口地址',
    apiInvalid: '接口地址须以 http:// 或 https:// 开头',
    apiSave: '保存并重新加载',
    apiHint: '末尾会自动补上 /app-api',
    about: '关于',
    version: '当前版本',
    aboutUs: '关于我们',
    disclaimer: '免责声明',
  },
  'zh-Hant': {
    language: '語言',
    theme: '外觀',
    system: '跟隨系統',
    light: '淺色',
    dark: '深色',
    cache: '快取',
    clearCache: '清除快取',
    clearing: '正在清除…',
    cleared: '快取已清除',
    cacheHint: '清除本機快取的頁面資料，不會登出',
    api: '介面位址',
    apiMissing: '請填寫介面位址',
    apiInvalid: '介面位址須以 http:// 或 https:// 開頭',
    apiSave: '儲存並重新載入',
    apiHint: '結尾會自動補上 /app-api',
    about: '關於',
    version: '目前版本',
    aboutUs: '關於我們',
    disclaimer: '免責聲明',
  },
});

/** Each language is named in itself, so a reader of the other one still finds theirs. */
export const LOCALE_NAMES: Record<Locale, string> = {
  'zh-Hans': '简体中文',
  'zh-Hant': '繁體中文',
};
