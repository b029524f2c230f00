import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { recurringQueue, type JobQueue } from '../kernel/jobs.js';
import { backUp, type BackupNote, type BackupSource } from './backup.js';

export interface BackupSchedule {
  dir: string;
  everyHours: number;
  keep: number;
}

/** `shop-2026-11-28T14-05-00Z.tar`: names that sort by time, and no colon for Windows. */
const ARCHIVE = /^shop-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar$/;
export const archiveName = (at: Date) =>
  `shop-${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z.tar`;

/**
 * Backups into BACKUP_DIR every BACKUP_EVERY_HOURS, the newest BACKUP_KEEP kept: a queue of
 * their own on the job system, so one instance takes each (a shared BACKUP_DIR gets one archive
 * per period, not one per instance) and a long backup holds no order sweep back. The first runs
 * when the shop first starts with BACKUP_DIR; a failure is retried within the period.
 */
export function backupQueue(
  source: BackupSource,
  note: (entry: BackupNote) => Promise<void>,
  schedule: BackupSchedule,
  log: FastifyBaseLogger,
): JobQueue {
  const queue = recurringQueue([
    {
      name: 'backup',
      everySeconds: schedule.everyHours * 3600,
      run: (now) => scheduledBackup(source, note, schedule, log, now),
    },
  ]);
  // A backup of a large shop can take minutes: another instance must not start it again
  // meanwhile.
  return { ...queue, name: 'backup', leaseSeconds: 3600 };
}

export async function scheduledBackup(
  source: BackupSource,
  note: (entry: BackupNote) => Promise<void>,
  schedule: BackupSchedule,
  log: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<void> {
  await backUp(source, path.join(schedule.dir, archiveName(now)), 'schedule', note, log);
  const archives = (await readdir(schedule.dir)).filter((name) => ARCHIVE.test(name)).sort();
  for (const old of archives.slice(0, Math.max(0, archives.length - schedule.keep))) {
    await rm(path.join(schedule.dir, old), { force: true });
  }
}
