import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { fail } from '../../lib/envelope.ts';
import { acceptsHtml, isReservedPath } from '../../lib/http.ts';
import { isPagePath, looksLikeFile } from '../../lib/page-paths.ts';

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Chinese wording of an ajv complaint; the UI shows it next to the field. */
function describe(issue: ValidationIssue): string {
  const p = issue.params;
  switch (issue.keyword) {
    case 'required':
      return '不能为空';
    case 'minLength':
      return `长度不能少于 ${String(p.limit)} 个字符`;
    case 'maxLength':
      return `长度不能超过 ${String(p.limit)} 个字符`;
    case 'minimum':
      return `不能小于 ${String(p.limit)}`;
    case 'maximum':
      return `不能大于 ${String(p.limit)}`;
    case 'minItems':
      return `至少需要 ${String(p.limit)} 项`;
    case 'maxItems':
      return `最多 ${String(p.limit)} 项`;
    case 'type':
      return '类型不正确';
    case 'enum':
    case 'const':
    case 'anyOf':
      return '取值无效';
    case 'additionalProperties':
      return '不支持该字段';
    default:
      return '格式不正确';
  }
}

function fieldOf(issue: ValidationIssue): string {
  const base = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const extra =
    typeof issue.params.missingProperty === 'string'
      ? issue.params.missingProperty
      : typeof issue.params.additionalProperty === 'string'
        ? issue.params.additionalProperty
        : '';
  return [base, extra].filter(Boolean).join('.') || '_';
}

export function validationData(issues: ValidationIssue[]): Record<string, string> {
  const data: Record<string, string> = {};
  for (const issue of issues) {
    const field = fieldOf(issue);
    data[field] ??= describe(issue);
  }
  return data;
}

export default fp(
  async (app) => {
    app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
      if (err instanceof AppError) {
        reply.headers(err.headers);
        return reply.code(err.statusCode).send(fail(err.code, err.message, err.data));
      }
      if (err.validation) {
        const data = validationData(err.validation as ValidationIssue[]);
        return reply.code(400).send(fail('REQ/INVALID', '请求参数有误', data));
      }
      const status = err.statusCode ?? 500;
      if (status === 429) {
        // @fastify/rate-limit has already set Retry-After on the reply.
        return reply.code(429).send(fail('REQ/RATE_LIMITED', '操作过于频繁，请稍后再试'));
      }
      // 403 here comes from the file server refusing a dotfile or a path outside its root: to
      // the client that is simply a file that does not exist.
      if (status === 404 || status === 403) {
        return reply.code(404).send(fail('NOT_FOUND', '请求的资源不存在'));
      }
      if (status >= 400 && status < 500) {
        if (app.accessMinute.mayLog(status)) request.log.info({ err }, 'client error');
        return reply.code(status).send(fail('REQ/INVALID', '请求格式有误'));
      }
      request.log.error({ err }, 'unhandled error');
      return reply.code(500).send(fail('SYS/ERROR', '服务器繁忙，请稍后再试'));
    });

    app.setNotFoundHandler(async (request, reply) => {
      const { url, method } = request;
      const accept = request.headers.accept;
      // Any client that takes HTML gets the page (curl and link previews send */* or nothing);
      // a missing file (/assets/x.js) is a page only to one that asks for HTML by name.
      // The chat service alone (CHAT_ONLY) has no pages to give.
      const wantsPage =
        !app.config.chatOnly &&
        (method === 'GET' || method === 'HEAD') &&
        !isReservedPath(url) &&
        (looksLikeFile(url) ? /\btext\/html\b/i.test(accept ?? '') : acceptsHtml(accept));
      if (wantsPage) {
        // A path the web app has no screen for still gets its page (the not-found screen), but
        // with 404, so that it is not indexed as a page of the site.
        return app.webApp.sendIndex(request, reply, { notFound: !isPagePath(url) });
      }
      return reply.code(404).send(fail('NOT_FOUND', '请求的资源不存在'));
    });
  },
  { name: 'error-handler', dependencies: ['web-app', 'access-log'] },
);
