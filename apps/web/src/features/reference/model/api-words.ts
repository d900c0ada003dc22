import { defineMessages, type Locale } from '@/shared/i18n';

/**
 * Chinese wording for the draw API's operations and parameters. The OpenAPI document stays the
 * source of what exists; these only translate what a webmaster reads. Unknown ones fall back to
 * the document's own text.
 */
export const OPERATION_WORDS: Record<Locale, Record<string, { title: string; text: string }>> = {
  'zh-Hans': {
    '/app-api/api/v2/draws/latest': {
      title: '最新开奖',
      text: '传 gameId 时返回该彩种当前一期（开奖中则为已开出的号码，否则为最近一期），并给出下期期号、下期开奖时间和服务器时间；不传时返回首页各彩种的最新一期数组。',
    },
    '/app-api/api/v2/draws/history': {
      title: '历史开奖',
      text: '某彩种已开完的各期，按时间从新到旧，可按年份筛选并分页；返回中带有该彩种有记录的年份列表。',
    },
    '/app-api/api/v2/draws/stats': {
      title: '号码统计',
      text: '最近 window 期内每个号码的出现次数、当前遗漏期数、冷热号，以及波色、生肖等分布。scope 选择统计全部 7 个号码、6 个正码或特码。',
    },
    '/app-api/api/v2/draws/export.csv': {
      title: '导出 CSV',
      text: '已开完的各期，按时间从旧到新，每行为 期号,日期,正码1…正码6,特码；格式与导入工具一致。',
    },
    '/app-api/api/v2/draws/{gameId}/{issue}': {
      title: '按期号查询',
      text: '某彩种某一期的完整结果，每个号码附带波色、生肖、五行、大小单双及总和属性。',
    },
    '/app-api/api/v2/draws/trend': {
      title: '走势图数据',
      text: '最近 limit 期（30–500）的走势：每期开出的列与各列遗漏期数（按全部历史计算），以及所示各期内的出现次数、最大遗漏、平均遗漏和最大连出。kind 选择特码、正码、正一至正六、生肖、波色、五行、头数、尾数、大小单双或总和。',
    },
    '/app-api/api/v2/draws/search': {
      title: '开奖搜索',
      text: '按号码、位置、生肖（按该期农历年）和日期查找已开完的各期，从新到旧分页返回。position 为 any 时须包含全部号码，为 special 或 1–6 时该位置的号码为其中之一。',
    },
    '/app-api/api/v2/draws/search.csv': {
      title: '搜索结果导出（CSV）',
      text: '与开奖搜索条件相同，导出全部匹配的各期，按时间从旧到新，格式与导入工具一致。',
    },
    '/app-api/api/v2/draws/calendar': {
      title: '开奖日历',
      text: '某彩种某月（month 为 YYYY-MM）每个开奖日的期号和开奖时间，以及运营设定的改期、停开或加开及说明；next 为下一期。每几分钟开奖的彩种没有日历。',
    },
  },
  'zh-Hant': {
    '/app-api/api/v2/draws/latest': {
      title: '最新開獎',
      text: '傳 gameId 時返回該彩種當前一期（開獎中則為已開出的號碼，否則為最近一期），並給出下期期號、下期開獎時間和服務器時間；不傳時返回首頁各彩種的最新一期數組。',
    },
    '/app-api/api/v2/draws/history': {
      title: '歷史開獎',
      text: '某彩種已開完的各期，按時間從新到舊，可按年份篩選並分頁；返回中帶有該彩種有記錄的年份列表。',
    },
    '/app-api/api/v2/draws/stats': {
      title: '號碼統計',
      text: '最近 window 期內每個號碼的出現次數、當前遺漏期數、冷熱號，以及波色、生肖等分佈。scope 選擇統計全部 7 個號碼、6 個正碼或特碼。',
    },
    '/app-api/api/v2/draws/export.csv': {
      title: '導出 CSV',
      text: '已開完的各期，按時間從舊到新，每行為 期號,日期,正碼1…正碼6,特碼；格式與導入工具一致。',
    },
    '/app-api/api/v2/draws/{gameId}/{issue}': {
      title: '按期號查詢',
      text: '某彩種某一期的完整結果，每個號碼附帶波色、生肖、五行、大小單雙及總和屬性。',
    },
    '/app-api/api/v2/draws/trend': {
      title: '走勢圖數據',
      text: '最近 limit 期（30–500）的走勢：每期開出的列與各列遺漏期數（按全部歷史計算），以及所示各期內的出現次數、最大遺漏、平均遺漏和最大連出。kind 選擇特碼、正碼、正一至正六、生肖、波色、五行、頭數、尾數、大小單雙或總和。',
    },
    '/app-api/api/v2/draws/search': {
      title: '開獎搜索',
      text: '按號碼、位置、生肖（按該期農曆年）和日期查找已開完的各期，從新到舊分頁返回。position 為 any 時須包含全部號碼，為 special 或 1–6 時該位置的號碼為其中之一。',
    },
    '/app-api/api/v2/draws/search.csv': {
      title: '搜索結果導出（CSV）',
      text: '與開獎搜索條件相同，導出全部匹配的各期，按時間從舊到新，格式與導入工具一致。',
    },
    '/app-api/api/v2/draws/calendar': {
      title: '開獎日曆',
      text: '某彩種某月（month 為 YYYY-MM）每個開獎日的期號和開獎時間，以及運營設定的改期、停開或加開及說明；next 為下一期。每幾分鐘開獎的彩種沒有日曆。',
    },
  },
};

export const PARAM_WORDS: Record<Locale, Record<string, string>> = {
  'zh-Hans': {
    gameId: '彩种编号，如 110 新澳门、111 香港、120 极速',
    year: '公历年份，不传为全部年份',
    page: '页码，从 1 开始',
    pageSize: '每页条数',
    window: '统计最近多少期',
    scope: 'all 全部 7 个号码，regular 6 个正码，special 特码',
    issue: '期号，如 2026325',
    kind: '走势类型',
    limit: '期数，30–500',
    numbers: '号码，逗号分隔，最多 7 个，如 07,12',
    position: 'any 任意位置，special 特码，1–6 正一至正六',
    zodiac: '生肖（英文），如 rat 鼠、horse 马',
    from: '开始日期 YYYY-MM-DD（含）',
    to: '结束日期 YYYY-MM-DD（含）',
    month: '月份 YYYY-MM，如 2026-12',
  },
  'zh-Hant': {
    gameId: '彩種編號，如 110 新澳門、111 香港、120 極速',
    year: '公曆年份，不傳為全部年份',
    page: '頁碼，從 1 開始',
    pageSize: '每頁條數',
    window: '統計最近多少期',
    scope: 'all 全部 7 個號碼，regular 6 個正碼，special 特碼',
    issue: '期號，如 2026325',
    kind: '走勢類型',
    limit: '期數，30–500',
    numbers: '號碼，逗號分隔，最多 7 個，如 07,12',
    position: 'any 任意位置，special 特碼，1–6 正一至正六',
    zodiac: '生肖（英文），如 rat 鼠、horse 馬',
    from: '開始日期 YYYY-MM-DD（含）',
    to: '結束日期 YYYY-MM-DD（含）',
    month: '月份 YYYY-MM，如 2026-12',
  },
};

/** A parameter's range notes, worded when the document is read. */
export const constraintWords = defineMessages({
  'zh-Hans': { values: '可选：{values}', default: '默认 {value}' },
  'zh-Hant': { values: '可選：{values}', default: '預設 {value}' },
});
