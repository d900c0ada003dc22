import { CompanyTextScreen } from './company-text-screen';

export function AboutUsScreen() {
  return (
    <CompanyTextScreen
      field="aboutUs"
      heading="公司简介"
      emptyText="公司简介发布后会显示在这里。"
    />
  );
}
