import { defineMessages } from '@/shared/i18n';

export const teamWords = defineMessages({
  'zh-Hans': {
    tableTitle: '合作等级与条件',
    intro:
      '开奖数据接入、内容转载和推广合作分为以下几个等级。以下内容仅作介绍，具体以双方确认为准。',
    tier: '等级',
    requirement: '合作条件',
    benefit: '合作权益',
    empty: '合作条件尚未发布',
    applyTitle: '申请合作',
    applyIntro: '把你的网站或渠道情况告诉我们，客服会在一个工作日内联系你。',
    leaveMessage: '在线留言',
    apiDocs: '查看接口说明',
  },
  'zh-Hant': {
    tableTitle: '合作等級與條件',
    intro:
      '開獎數據接入、內容轉載和推廣合作分為以下幾個等級。以下內容僅作介紹，具體以雙方確認為準。',
    tier: '等級',
    requirement: '合作條件',
    benefit: '合作權益',
    empty: '合作條件尚未發佈',
    applyTitle: '申請合作',
    applyIntro: '把你的網站或渠道情況告訴我們，客服會在一個工作日內聯繫你。',
    leaveMessage: '在線留言',
    apiDocs: '查看接口說明',
  },
});
