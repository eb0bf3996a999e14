import type { SettingsUpdate, SettingsView } from '@/domain/admin-settings';
import { settingsQueryKey } from './get-settings';
import { integrationsQueryKey } from './get-integrations';
import { useSettingsSave } from './settings-save';

export function useSaveSettings() {
  // A new key can change which adapter is active, and which styles the storefront offers.
  return useSettingsSave<SettingsView, SettingsUpdate>('/api/admin/settings', settingsQueryKey, [
    integrationsQueryKey,
    ['styles'],
    ['admin', 'styles'],
  ]);
}
