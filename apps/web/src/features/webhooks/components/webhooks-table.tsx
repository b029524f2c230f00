import type { Webhook } from '@shop/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Button } from '../../../components/ui/button';
import styles from '../../../components/ui/form-panel.module.css';
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
import { useRemoveWebhook, useWebhooks } from '../api/webhooks';
import { WebhookDeliveries } from './webhook-deliveries';

const COLUMNS = ['URL', 'Events', 'Made by', 'Made', ''];

/**
 * The subscriptions the caller manages (an owner's company's, an admin's all), newest first;
 * each opens its delivery log, and "Remove" asks first.
 */
export function WebhooksTable() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Webhook | null>(null);
  const hooks = useWebhooks(page);
  const remove = useRemoveWebhook();
  if (hooks.error) {
    return (
      <LoadError
        title="We could not load the webhooks."
        error={hooks.error}
        retrying={hooks.isFetching}
        onRetry={() => void hooks.refetch()}
      />
    );
  }
  const confirm = () => {
    if (!removing) return;
    remove.mutate(removing._id, {
      onSuccess: (hook) => notify.success(`Webhook for ${hook.url} removed.`),
      onError: (error) => notify.error(error.message),
      onSettled: () => setRemoving(null),
    });
  };
  const shownHook = hooks.data?.items.find((hook) => hook._id === open);
  return (
    <div className={styles.list}>
      <TableContainer aria-busy={hooks.isPlaceholderData || undefined}>
        <Table aria-label="Webhooks" cardsOnPhones>
          <HeadRow columns={COLUMNS} />
          <TableBody>
            {hooks.isPending ? (
              <SkeletonRows columns={COLUMNS} />
            ) : hooks.data.items.length === 0 ? (
              <EmptyRow columns={COLUMNS.length}>No webhooks yet.</EmptyRow>
            ) : (
              hooks.data.items.map((hook) => (
                <TableRow key={hook._id} data-testid="webhook-row">
                  <TableCell role="rowheader" label="URL">
                    {hook.url}
                  </TableCell>
                  <TableCell label="Events">{hook.events.join(', ')}</TableCell>
                  <TableCell label="Made by">{hook.createdBy}</TableCell>
                  <TableCell label="Made">
                    {formatDateTime(hook.createdAt, { year: true })}
                  </TableCell>
                  <TableCell label="">
                    <span className={styles.actions}>
                      <Button
                        variant="outlined"
                        aria-expanded={open === hook._id}
                        onClick={() => setOpen(open === hook._id ? null : hook._id)}
                      >
                        Deliveries
                      </Button>
                      <Button variant="outlined" onClick={() => setRemoving(hook)}>
                        Remove
                      </Button>
                    </span>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <PagerOf answer={hooks.data} label="Pages of webhooks" onPage={setPage} />
      {shownHook && (
        <section aria-label={`Deliveries to ${shownHook.url}`} className={styles.list}>
          <h2 className={styles.heading}>Deliveries to {shownHook.url}</h2>
          <WebhookDeliveries webhookId={shownHook._id} />
        </section>
      )}
      <ConfirmDialog
        open={removing !== null}
        question="Remove this webhook?"
        detail={removing ? `Nothing more is sent to ${removing.url}.` : undefined}
        pending={remove.isPending}
        onConfirm={confirm}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
