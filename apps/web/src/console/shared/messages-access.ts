// Texts of signing in through an enrolment link and of the audit entries of sign-ins and
// replaced results (issue 41): [简体, 繁體], merged into MESSAGES.
export const ACCESS_MESSAGES = {
  'claim.title': ['启用管理员账号', '啟用管理員帳號'],
  'claim.why': [
    '输入管理员交给你的初始密码，下一步设置两步验证。此链接只能使用一次，24 小时内有效。',
    '輸入管理員交給你的初始密碼，下一步設定兩步驗證。此連結只能使用一次，24 小時內有效。',
  ],
  'claim.submit': ['下一步', '下一步'],
  'claim.noLink': [
    '链接不完整。请向添加你的管理员索取新的设置链接。',
    '連結不完整。請向添加你的管理員索取新的設定連結。',
  ],
  'claim.signIn': ['已设置两步验证？去登录', '已設定兩步驗證？去登入'],

  'ops.linkIssue': ['发放设置链接', '發放設定連結'],
  'ops.linkTitle': ['{name} 的设置链接', '{name} 的設定連結'],
  'ops.linkWhy': [
    '把链接和初始密码交给 {name}：打开链接、输入密码后设置两步验证。链接只显示这一次，只能使用一次，{until} 前有效；再次发放会让旧链接失效。',
    '把連結和初始密碼交給 {name}：打開連結、輸入密碼後設定兩步驗證。連結只顯示這一次，只能使用一次，{until} 前有效；再次發放會讓舊連結失效。',
  ],
  'ops.linkCopy': ['复制链接', '複製連結'],
  'ops.linkCopied': ['已复制', '已複製'],
  'ops.linkClose': ['我已交出链接', '我已交出連結'],

  'action.console.sign-in.ok': ['登录成功', '登入成功'],
  'action.console.sign-in.recovery': ['用恢复码登录', '用恢復碼登入'],
  'action.console.sign-in.failed': ['登录失败', '登入失敗'],
  'action.console.sign-in.locked': ['登录被锁定', '登入被鎖定'],
  'action.console.enrol.ok': ['通过设置链接登录', '通過設定連結登入'],
  'action.console.enrol.failed': ['设置链接登录失败', '設定連結登入失敗'],
  'action.operators.enrol-link': ['发放设置链接', '發放設定連結'],
  'action.draws.result.import': ['导入替换一期结果', '匯入替換一期結果'],
  'action.draws.result.correct': ['更正一期结果', '更正一期結果'],
  'action.draws.result.source': ['来源更正一期结果', '來源更正一期結果'],
  'action.draws.result.dispute': ['裁定一期结果', '裁定一期結果'],
} as const satisfies Record<string, readonly [string, string]>;
