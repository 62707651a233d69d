// Beyond the spec (docs/operations.md "Backups and restore"): whether the salon's data is streamed off the box.
import type { RestRoute } from '@/server/rest/route';

export const backupRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/admin/backups',
    message: 'Backup status fetched successfully',
    procedure: 'admin.backups.status',
  },
];
