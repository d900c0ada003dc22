import { lunarYearOf } from '@kaijiang/domain';

/** The lunar year now (Asia/Shanghai); the domain caches it per day, so calling it per render is cheap. */
export function useLunarYear(now: Date = new Date()): number {
  return lunarYearOf(now);
}
