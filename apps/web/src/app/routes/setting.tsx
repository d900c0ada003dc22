import { SettingScreen } from '@/features/settings/components/setting-screen';
import { useAppStore } from '@/shared/store/hooks';
import { startup } from '../store/startup';

export function Component() {
  const store = useAppStore();
  // Emptying the query cache drops the site's data every screen reads: load it again at once.
  return <SettingScreen onCacheCleared={() => void startup(store.dispatch)} />;
}
