import { STATIC_FILES, STATIC_JSON_ROOT } from '@/shared/api/static-client';
import { runtimeConfig } from '@/shared/config/runtime-config';
import { Section } from '@/shared/ui/section';
import './reference.css';

/** The public data any site can read; the full API is described in OpenAPI at /app-api/docs. */
export function InstructApiScreen() {
  const { apiBase, companyCode } = runtimeConfig();
  const files = [
    { path: STATIC_FILES.games, text: '全部彩种：编号、名称、开奖时间与时区' },
    { path: STATIC_FILES.gameCenter, text: '彩种分组' },
    { path: STATIC_FILES.fiveElements, text: '各农历年的五行号码' },
    { path: STATIC_FILES.config, text: '站点配置，如首页彩种顺序' },
    { path: STATIC_FILES.notices(companyCode), text: '滚动公告' },
    { path: STATIC_FILES.company(companyCode), text: '公司资料' },
  ];
  return (
    <div className="kj-stack">
      <Section id="kj-api-intro" title="接入说明">
        <p className="kj-ref-note" style={{ marginTop: 0 }}>
          以下数据公开可读，均为 JSON，可附加 <code>?_t=时间戳</code> 绕过缓存。接口返回统一格式
          <code>{' { code, msg, data } '}</code>，code 为 OK 表示成功。
        </p>
        <a
          className="kj-button kj-button--ghost kj-button--block"
          href={`${apiBase}/docs`}
          target="_blank"
          rel="noopener noreferrer"
          style={{ marginTop: 12 }}
        >
          查看完整接口文档（OpenAPI）
        </a>
      </Section>
      <Section id="kj-api-files" title="数据文件">
        {files.map((f) => (
          <div key={f.path} className="kj-endpoint">
            <code>
              <span className="kj-endpoint__method">GET</span>
              {`${STATIC_JSON_ROOT}/${f.path}`}
            </code>
            <p>{f.text}</p>
          </div>
        ))}
      </Section>
    </div>
  );
}
