import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  PAGE_LIMIT_DEFAULT,
  PAGE_LIMIT_MAX,
  auditActionLabels,
  describeAuditChange,
  type AuditEntry,
} from '@shop/shared';
import { useState } from 'react';
import { LoadError } from '../../components/ui/load-error';
import { PageTitle } from '../../components/page-title';
import { useAuditLog } from '../../features/audit-log/api/get-audit-log';

const COLUMNS = ['When', 'Who', 'Action', 'Target'];
const ROWS_PER_PAGE = [PAGE_LIMIT_DEFAULT, 50, PAGE_LIMIT_MAX];
const whenFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function AuditRow({ entry }: { entry: AuditEntry }) {
  const changes = describeAuditChange(entry);
  return (
    <TableRow data-testid="audit-row" hover>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <time dateTime={entry.createdAt}>{whenFormat.format(new Date(entry.createdAt))}</time>
      </TableCell>
      <TableCell>{entry.actorEmail}</TableCell>
      <TableCell>
        <Chip size="small" variant="outlined" label={auditActionLabels[entry.action]} />
      </TableCell>
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {entry.targetLabel}
        </Typography>
        {changes && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {changes}
          </Typography>
        )}
      </TableCell>
    </TableRow>
  );
}

function LoadingRows() {
  return Array.from({ length: 3 }, (_, row) => (
    <TableRow key={row}>
      {COLUMNS.map((column) => (
        <TableCell key={column}>
          <Skeleton variant="text" />
        </TableCell>
      ))}
    </TableRow>
  ));
}

/**
 * Audit Log (admin): who did what to which target, newest first, a page at a time
 * (docs/decisions/010, "Audit log").
 */
export default function AuditLogPage() {
  // MUI's pagination counts pages from 0; the API from 1.
  const [pageIndex, setPageIndex] = useState(0);
  const [limit, setLimit] = useState(PAGE_LIMIT_DEFAULT);
  const { data, error, isPending, isFetching, refetch } = useAuditLog({
    page: pageIndex + 1,
    limit,
  });

  return (
    <Box>
      <PageTitle title="Audit Log" />
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
        Audit Log
      </Typography>
      <Typography sx={{ mt: 1, mb: 3, color: 'text.secondary' }}>
        Every admin action: promotions, removed users, product changes, deleted and shipped orders,
        deleted reviews. Newest first.
      </Typography>
      {error ? (
        <LoadError
          title="We could not load the audit log."
          error={error}
          retrying={isFetching}
          onRetry={() => void refetch()}
        />
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table aria-label="Audit log" size="small">
              <TableHead>
                <TableRow>
                  {COLUMNS.map((column) => (
                    <TableCell key={column}>{column}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody aria-busy={isPending || isFetching}>
                {isPending ? (
                  <LoadingRows />
                ) : data.items.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={COLUMNS.length}>No admin actions yet.</TableCell>
                  </TableRow>
                ) : (
                  data.items.map((entry) => <AuditRow key={entry._id} entry={entry} />)
                )}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={data?.total ?? 0}
            page={data ? pageIndex : 0}
            onPageChange={(_event, next) => setPageIndex(next)}
            rowsPerPage={limit}
            rowsPerPageOptions={ROWS_PER_PAGE}
            onRowsPerPageChange={(event) => {
              setLimit(Number(event.target.value));
              setPageIndex(0);
            }}
          />
        </Paper>
      )}
    </Box>
  );
}
