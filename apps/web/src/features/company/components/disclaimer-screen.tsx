import { CompanyTextScreen } from './company-text-screen';

export function DisclaimerScreen() {
  return (
    <CompanyTextScreen
      field="disclaimer"
      heading="使用条款与免责声明"
      emptyText="免责声明发布后会显示在这里。本站开奖信息仅供参考，请以官方公布为准。"
    />
  );
}
