export { SettingScreen as Component } from '@/features/settings/components/setting-screen';
