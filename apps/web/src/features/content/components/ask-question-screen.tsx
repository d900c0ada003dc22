import { paths } from '@/shared/config/paths';
import { AppLink } from '@/shared/ui/app-link';
import { Section } from '@/shared/ui/section';
import './ask-question.css';

/** Questions whose answers follow from how the site works; the editable FAQ arrives with content. */
const FAQ = [
  {
    q: '开奖结果多久更新一次？',
    a: '每个彩种按自己的时间开奖，开奖结果页列出了各彩种的开奖时间和下期倒计时。开奖时号码逐个揭晓，页面无需刷新。',
  },
  {
    q: '号码的波色、生肖和五行是怎么算的？',
    a: '波色按固定的红、蓝、绿波号码表；生肖和五行随农历年变化，在春节当天切换。彩种资料页列出了当年的完整对照表。',
  },
  {
    q: '需要注册才能看开奖吗？',
    a: '不需要。开奖、历史、资讯和图库都可以直接浏览；注册登录后可以收藏内容并接收站内消息。',
  },
  {
    q: '忘记密码怎么办？',
    a: '请联系在线客服核实身份后重置。登录状态下可以在“修改密码”中自行更改。',
  },
];

export function AskQuestionScreen() {
  return (
    <div className="kj-stack">
      <Section id="kj-faq" title="常见问题">
        <div className="kj-faq">
          {FAQ.map((item) => (
            <details key={item.q} className="kj-faq__item">
              <summary>{item.q}</summary>
              <p>{item.a}</p>
            </details>
          ))}
        </div>
      </Section>
      <Section id="kj-faq-more" title="没有找到答案？">
        <p className="kj-faq__more">客服在线时间内会尽快回复你的问题。</p>
        <AppLink className="kj-button kj-button--block" to={paths.contact.href()}>
          联系客服
        </AppLink>
      </Section>
    </div>
  );
}
