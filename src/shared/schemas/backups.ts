// Settings → Backups and /healthz: whether the database and pictures are streamed off the box
// (REPLICA_URL, server/replication/) and how far behind the copy is.
import { z } from 'zod';

/** More than this many seconds behind is a warning, in the log and on Settings → Backups. */
export const REPLICATION_WARN_SECONDS = 60;

export const REPLICATION_STATES = ['off', 'starting', 'running', 'behind', 'down'] as const;

export const replicationStatusSchema = z.object({
  /**
   * off: REPLICA_URL is not set. starting: the replicator has not reported yet. running: the copy
   * is at most a minute behind. behind: more than a minute behind (the replica cannot be reached,
   * or is slow). down: the replicator is not running (it is restarted).
   */
  state: z.enum(REPLICATION_STATES),
  /** Where the copy goes, without any password or key; null when off. */
  target: z.string().max(500).nullable(),
  /** Seconds since the copy last held everything written; null when off or not known yet. */
  behindSeconds: z.number().int().min(0).nullable(),
  /** When the copy last held everything written (ISO 8601); null when never. */
  caughtUpAt: z.iso.datetime().nullable(),
  /** Pictures written here and not yet in the copy. */
  picturesWaiting: z.number().int().min(0),
  /** The last problem, in words (the replica cannot be reached, the replicator exited), or null. */
  problem: z.string().max(1000).nullable(),
});

export type ReplicationStatus = z.infer<typeof replicationStatusSchema>;

export const REPLICATION_OFF: ReplicationStatus = {
  state: 'off',
  target: null,
  behindSeconds: null,
  caughtUpAt: null,
  picturesWaiting: 0,
  problem: null,
};
