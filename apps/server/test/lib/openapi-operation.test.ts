import { describe, expect, it } from 'vitest';
import { isAdminUrl, operationIdOf, securityOf } from '../../src/lib/openapi-operation.ts';

describe('OpenAPI operation ids and callers', () => {
  it('names an operation by its method and the meaningful part of its path', () => {
    expect(operationIdOf('GET', '/app-api/api/v2/draws/latest')).toBe('getDrawsLatest');
    expect(operationIdOf('GET', '/app-api/api/v2/draws/{gameId}/{issue}')).toBe(
      'getDrawsByGameIdByIssue',
    );
    expect(operationIdOf('GET', '/app-api/api/v2/draws/export.csv')).toBe('getDrawsExportCsv');
    expect(operationIdOf('POST', '/app-api/v/user/login')).toBe('postUserLogin');
    expect(operationIdOf('POST', '/app-api/api/user/updatePassword')).toBe(
      'postUserUpdatePassword',
    );
    expect(operationIdOf('PUT', '/app-api/admin/news/:id')).toBe('putAdminNewsById');
    expect(operationIdOf('GET', '/sys-upload/data/json/company/{code}/notice_list.json')).toBe(
      'getCompanyByCodeNoticeListJson',
    );
    expect(operationIdOf('GET', '/app-api/health')).toBe('getHealth');
  });

  it('never leaves an operator call public', () => {
    expect(isAdminUrl('/app-api/admin/news')).toBe(true);
    expect(isAdminUrl('/app-api/api/v2/news')).toBe(false);
    expect(securityOf('admin')).toEqual([{ adminToken: [] }]);
    expect(securityOf('member')).toEqual([{ memberToken: [] }]);
    expect(securityOf('public')).toEqual([]);
  });
});
