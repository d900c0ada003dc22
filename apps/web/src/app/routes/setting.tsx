import { lazy, Suspense } from 'react';
import { SettingScreen } from '@/features/settings/components/setting-screen';
import { useAppStore } from '@/shared/store/hooks';
import { startup } from '../store/startup';

// Loaded by the screen, not with it: named in the route's list of files, the alerts' code and
// stylesheet would weigh on every page's first load (the list lives in the entry).
const DrawAlertSettings = lazy(() =>
  import('@/features/push/components/draw-alert-settings').then((m) => ({
    default: m.DrawAlertSettings,
  })),
);

export function Component() {
  const store = useAppStore();
  // Emptying the query cache drops the site's data every screen reads: load it again at once.
  return (
    <SettingScreen
      onCacheCleared={() => void startup(store.dispatch)}
      alerts={
        <Suspense
          fallback={<div className="kj-card" style={{ minHeight: 132 }} aria-hidden="true" />}
        >
          <DrawAlertSettings />
        </Suspense>
      }
    />
  );
}
