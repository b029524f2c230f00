import type { Stats } from '@shop/shared';
import { Alert } from '../../../components/ui/alert';
import { formatDateTime } from '../../../lib/format';
import { Card } from './chart-card';
import styles from './overview.module.css';

/** 5.2 MB, 830 KB: an archive's size as a person reads it. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * The last backup (decision 061): when, how large, whether scheduled; a failure after it in
 * red, since an admin who trusts an old backup learns otherwise only when restoring.
 */
export function BackupsCard({ stats }: { stats: Stats }) {
  const { scheduled, last, failed } = stats.backups;
  return (
    <Card title="Last backup">
      {failed && (
        <Alert severity="error" role="status" title="The last backup failed">
          {formatDateTime(failed.finishedAt, { year: true })}: {failed.error}
        </Alert>
      )}
      {last ? (
        <p>
          <time dateTime={last.finishedAt}>{formatDateTime(last.finishedAt, { year: true })}</time>,{' '}
          {formatSize(last.bytes)},{' '}
          {last.trigger === 'schedule' ? 'scheduled' : 'by npm run backup'}
          <br />
          <span className={styles.secondary}>{last.file}</span>
        </p>
      ) : (
        <p className={styles.secondary}>No backup has been written yet.</p>
      )}
      <p className={styles.secondary}>
        {scheduled
          ? 'Backups are written on a schedule (BACKUP_DIR).'
          : 'No scheduled backups: set BACKUP_DIR, or run npm run backup -- FILE.'}
      </p>
    </Card>
  );
}
