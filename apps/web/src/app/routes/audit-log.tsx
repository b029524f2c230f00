import {
  PAGE_LIMIT_DEFAULT,
  PAGE_LIMIT_MAX,
  auditActionLabels,
  describeAuditChange,
  type AuditEntry,
} from '@shop/shared';
import { useState } from 'react';
import admin from '../../components/admin-page.module.css';
import { PageTitle } from '../../components/page-title';
import { Chip } from '../../components/ui/chip';
import { LoadError } from '../../components/ui/load-error';
import { Pager } from '../../components/ui/pager';
import {
  EmptyRow,
  HeadRow,
  SkeletonRows,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
} from '../../components/ui/table';
import { formatDateTime } from '../../lib/format';
import { useAuditLog } from '../../features/audit-log/api/get-audit-log';
import styles from './audit-log.module.css';

const COLUMNS = ['When', 'Who', 'Action', 'Target'];
const ROWS_PER_PAGE = [PAGE_LIMIT_DEFAULT, 50, PAGE_LIMIT_MAX];

function AuditRow({ entry }: { entry: AuditEntry }) {
  const changes = describeAuditChange(entry);
  return (
    <TableRow data-testid="audit-row">
      <TableCell label="When" className={styles.nowrap}>
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, { year: true })}</time>
      </TableCell>
      <TableCell label="Who">{entry.actorEmail}</TableCell>
      <TableCell label="Action">
        <Chip size="small" variant="outlined" label={auditActionLabels[entry.action]} />
      </TableCell>
      <TableCell label="Target">
        <span className={styles.target}>
          <span className={admin.rowName}>{entry.targetLabel}</span>
          {changes && <span className={admin.secondary}>{changes}</span>}
        </span>
      </TableCell>
    </TableRow>
  );
}

/**
 * Audit Log (admin): who did what to which target, newest first, a page at a time
 * (docs/decisions/010, "Audit log").
 */
export default function AuditLogPage() {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(PAGE_LIMIT_DEFAULT);
  const { data, error, isPending, isFetching, refetch } = useAuditLog({ page, limit });

  return (
    <div>
      <PageTitle title="Audit Log" />
      <h1 className={admin.title}>Audit Log</h1>
      <p className={admin.intro}>
        Every admin action: promotions, removed users, product changes, deleted and shipped orders,
        deleted reviews. Newest first.
      </p>
      {error ? (
        <LoadError
          title="We could not load the audit log."
          error={error}
          retrying={isFetching}
          onRetry={() => void refetch()}
        />
      ) : (
        <div className={styles.list}>
          <TableContainer>
            <Table aria-label="Audit log" cardsOnPhones className={admin.compact}>
              <HeadRow columns={COLUMNS} />
              <TableBody aria-busy={isPending || isFetching}>
                {isPending ? (
                  <SkeletonRows columns={COLUMNS} />
                ) : data.items.length === 0 ? (
                  <EmptyRow columns={COLUMNS.length}>No admin actions yet.</EmptyRow>
                ) : (
                  data.items.map((entry) => <AuditRow key={entry._id} entry={entry} />)
                )}
              </TableBody>
            </Table>
          </TableContainer>
          {data && (
            <Pager
              page={data.page}
              limit={data.limit}
              total={data.total}
              shown={data.items.length}
              label="Pages of the audit log"
              onPage={setPage}
              limits={ROWS_PER_PAGE}
              onLimit={(next) => {
                setLimit(next);
                setPage(1);
              }}
            />
          )}
        </div>
      )}
    </div>
  );
}
