import type { ApiKey } from '@shop/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { PagerOf } from '../../../components/ui/pager';
import {
  EmptyRow,
  HeadRow,
  SkeletonRows,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
} from '../../../components/ui/table';
import { notify } from '../../../components/ui/toast';
import { formatDateTime } from '../../../lib/format';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys';
import styles from '../../../components/ui/form-panel.module.css';

const COLUMNS = ['Name', 'Key', 'Scopes', 'Made by', 'Made', 'Last used', ''];

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  return (
    <TableRow data-testid="api-key-row">
      <TableCell role="rowheader" label="Name">
        {apiKey.name}
      </TableCell>
      <TableCell label="Key">
        <code>{apiKey.prefix}…</code>
      </TableCell>
      <TableCell label="Scopes">{apiKey.scopes.join(', ')}</TableCell>
      <TableCell label="Made by">{apiKey.createdBy}</TableCell>
      <TableCell label="Made">{formatDateTime(apiKey.createdAt, { year: true })}</TableCell>
      <TableCell label="Last used">
        {apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt, { year: true }) : 'Never'}
      </TableCell>
      <TableCell label="">
        {apiKey.revokedAt ? (
          `Revoked ${formatDateTime(apiKey.revokedAt, { year: true })}`
        ) : (
          <Button variant="outlined" onClick={() => onRevoke(apiKey)}>
            Revoke
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

/**
 * The keys the caller manages (an owner's company's, an admin's every key), newest first, with
 * their last use; "Revoke" asks first, then the key is refused everywhere from the next request.
 */
export function ApiKeysTable() {
  const [page, setPage] = useState(1);
  const [revoked, setRevoked] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const keys = useApiKeys(page, revoked);
  const revoke = useRevokeApiKey();

  if (keys.error) {
    return (
      <LoadError
        title="We could not load the API keys."
        error={keys.error}
        retrying={keys.isFetching}
        onRetry={() => void keys.refetch()}
      />
    );
  }
  const confirm = () => {
    if (!revoking) return;
    revoke.mutate(revoking._id, {
      onSuccess: (key) => notify.success(`Key "${key.name}" revoked.`),
      onError: (error) => notify.error(error.message),
      onSettled: () => setRevoking(null),
    });
  };
  return (
    <div className={styles.list}>
      <label className={styles.filter}>
        <input
          type="checkbox"
          checked={revoked}
          onChange={(event) => {
            setRevoked(event.target.checked);
            setPage(1);
          }}
        />
        Show revoked keys too
      </label>
      <TableContainer aria-busy={keys.isPlaceholderData || undefined}>
        <Table aria-label="API keys" cardsOnPhones>
          <HeadRow columns={COLUMNS} />
          <TableBody>
            {keys.isPending ? (
              <SkeletonRows columns={COLUMNS} />
            ) : keys.data.items.length === 0 ? (
              <EmptyRow columns={COLUMNS.length}>No keys yet.</EmptyRow>
            ) : (
              keys.data.items.map((key) => (
                <KeyRow key={key._id} apiKey={key} onRevoke={setRevoking} />
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <PagerOf answer={keys.data} label="Pages of API keys" onPage={setPage} />
      <ConfirmDialog
        open={revoking !== null}
        question="Revoke this key?"
        detail={
          revoking
            ? `"${revoking.name}" (${revoking.prefix}…) stops working at once, everywhere.`
            : undefined
        }
        pending={revoke.isPending}
        onConfirm={confirm}
        onCancel={() => setRevoking(null)}
      />
    </div>
  );
}
