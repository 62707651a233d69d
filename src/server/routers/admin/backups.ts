// Settings > Backups: whether the database and pictures are streamed off the box (REPLICA_URL,
// server/replication/) and how far behind the copy is. The owner's alone: it names where the copy goes.
import { replicationStatusSchema } from '@/shared/schemas/backups';
import { router, staffProcedure } from '@/server/trpc/init';
import { OWNER_ONLY } from '@/shared/roles';

export const adminBackupsRouter = router({
  status: staffProcedure(OWNER_ONLY)
    .output(replicationStatusSchema)
    .query(({ ctx }) => ctx.replication()),
});
