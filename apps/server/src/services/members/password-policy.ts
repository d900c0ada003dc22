// NIST SP 800-63B style: a length range and a deny list of common passwords, no composition
// rules (they push people to "Password1!" without making guessing any harder).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MEMBER_RULES } from '@kaijiang/domain';

let common: ReadonlySet<string> | null = null;

/** Loaded on first use: ~4 600 entries, ~50 kB. */
export function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    readFileSync(path.join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#')),
  );
  return common;
}

/** Why a new password is refused (a message for the visitor), or null when it is acceptable. */
export function passwordProblem(password: string, username?: string): string | null {
  const length = [...password].length;
  const { min, max } = MEMBER_RULES.password;
  if (length < min) return `密码长度不能少于 ${min} 个字符`;
  if (length > max) return `密码长度不能超过 ${max} 个字符`;
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return '密码过于常见，容易被猜到，请换一个';
  if (username && lower.includes(username.toLowerCase())) return '密码不能包含用户名';
  return null;
}
