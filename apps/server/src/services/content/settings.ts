// The entries of config.json's system_config an editor reads and sets from the console
// (routes/content-admin/settings.ts); online_service_url follows the company record (company.ts).
import { CONFIG_KEYS } from '@kaijiang/domain';
import type { Repositories } from '../../repositories/index.ts';

export function createSettingsService(repos: Repositories) {
  return {
    settings: () => repos.config.list(),
    /**
     * The games of the home screen, in order (the caller checks they exist); `before` is the
     * entry as it was, for the audit log.
     */
    async setHomeGames(gameIds: readonly number[]) {
      const before = await repos.config.get(CONFIG_KEYS.homeLotterySetting);
      await repos.config.set(CONFIG_KEYS.homeLotterySetting, gameIds.join(','));
      return { before, entries: await repos.config.list() };
    },
  };
}
