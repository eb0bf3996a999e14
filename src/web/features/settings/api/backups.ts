import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackupSettings, BackupsView } from '@/domain/backups';
import { apiFetch } from '@/web/lib/api-client';

export const backupsQuery = queryOptions({
  queryKey: ['admin', 'backups'],
  queryFn: () => apiFetch<BackupsView>('/api/admin/backups'),
});

/** The list, polled while a backup is being made so that it appears when done. */
export function useBackups() {
  return useQuery({ ...backupsQuery, refetchInterval: (query) => (query.state.data?.running ? 1500 : false) });
}

export function useStartBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<BackupsView>('/api/admin/backups', { method: 'POST' }),
    onSuccess: (view) => queryClient.setQueryData(backupsQuery.queryKey, view),
  });
}

export function useSaveBackupSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: BackupSettings) =>
      apiFetch<BackupsView>('/api/admin/backups/settings', { method: 'PUT', json: settings }),
    onSuccess: (view) => queryClient.setQueryData(backupsQuery.queryKey, view),
  });
}

/** Where the browser downloads an archive from (the owner's session cookie goes along). */
export function backupDownloadUrl(name: string): string {
  return `/api/admin/backups/${encodeURIComponent(name)}`;
}
