import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages, type BackupDownloadInput, type BackupInfo } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { filenameFromDisposition, type ExportedFile } from '../../../shared/lib/download';
import { adminKeys } from './get-users';

const backupsKey = [...adminKeys.all, 'backups'] as const;

/** GET /api/admin/backups, newest first (docs/operations.md#backups). */
export const backupsQuery = () =>
  queryOptions({ queryKey: backupsKey, queryFn: () => api<BackupInfo[]>('/api/admin/backups', messages.backupsLoadError) });

export const useBackups = () => useQuery(backupsQuery());

/** POST /api/admin/backups: a copy now; the list reloads. */
export function useCreateBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api<{ backup: BackupInfo }>('/api/admin/backups', messages.backupFailed, { method: 'POST' })).backup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupsKey }),
  });
}

/** POST /api/admin/backups/:id/download with the admin's password (and code): the file. */
export async function downloadBackup(id: string, input: BackupDownloadInput): Promise<ExportedFile> {
  const res = await api<Response>(`/api/admin/backups/${encodeURIComponent(id)}/download`, messages.backupNotFound, {
    method: 'POST',
    body: input,
    raw: true,
  });
  return { blob: await res.blob(), filename: filenameFromDisposition(res.headers.get('content-disposition')) ?? id };
}
