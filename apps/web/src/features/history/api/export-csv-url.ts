import { publicApiUrl } from '@/shared/api/public-api';

/** Where the browser downloads a game's draws as CSV (one year, or every year). */
export function exportCsvUrl(gameId: number, year?: number): string {
  return publicApiUrl('/draws/export.csv', { gameId, year });
}
