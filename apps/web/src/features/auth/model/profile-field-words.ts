import { defineMessages } from '@/shared/i18n';

/** The nickname and phone fields: asked (both optional) on registration and on the details form. */
export const profileFieldWords = defineMessages({
  'zh-Hans': {
    nickname: '昵称',
    nicknamePlaceholder: '让大家怎么称呼你',
    nicknameHelp: '留空则显示用户名',
    phone: '手机号',
    phonePlaceholder: '例如 13812345678',
    optional: '选填',
  },
  'zh-Hant': {
    nickname: '暱稱',
    nicknamePlaceholder: '讓大家怎麼稱呼你',
    nicknameHelp: '留空則顯示用戶名',
    phone: '手機號碼',
    phonePlaceholder: '例如 13812345678',
    optional: '選填',
  },
});
