import { defineMessages } from '@/shared/i18n';

/** The draw stage and its voice (a lazy chunk of its own). */
export const stageWords = defineMessages({
  'zh-Hans': {
    label: '开奖现场',
    waiting: '即将开奖',
    startsIn: '{time} 后开奖',
    drawing: '正在开出第 {n} 个号码',
    special: '正在开出特码',
    nextIn: '约 {s} 秒',
    soon: '即将开出',
    done: '第 {issue} 期开奖完成',
    specialTag: '特',
    voice: '语音播报',
    ordinals: '一二三四五六',
    say: '第{n}个号码 {ball}',
    saySpecial: '特码 {ball}',
  },
  'zh-Hant': {
    label: '開獎現場',
    waiting: '即將開獎',
    startsIn: '{time} 後開獎',
    drawing: '正在開出第 {n} 個號碼',
    special: '正在開出特碼',
    nextIn: '約 {s} 秒',
    soon: '即將開出',
    done: '第 {issue} 期開獎完成',
    specialTag: '特',
    voice: '語音播報',
    ordinals: '一二三四五六',
    say: '第{n}個號碼 {ball}',
    saySpecial: '特碼 {ball}',
  },
});
