import type { WebhookDelivery } from '@shop/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Chip } from '../../../components/ui/chip';
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
import { useResendDelivery, useWebhookDeliveries } from '../api/webhooks';

const COLUMNS = ['Event', 'Status', 'Answer', 'Attempts', 'When', ''];

const STATUS: Record<
  WebhookDelivery['status'],
  { label: string; color: 'success' | 'info' | 'warning' }
> = {
  delivered: { label: 'Delivered', color: 'success' },
  pending: { label: 'Pending', color: 'info' },
  failed: { label: 'Failed', color: 'warning' },
};

/** "Delivered 28 Nov 2026, 10:02", "Next try 10:05", or the last error. */
function whenText(delivery: WebhookDelivery): string {
  if (delivery.deliveredAt)
    return `Delivered ${formatDateTime(delivery.deliveredAt, { year: true })}`;
  if (delivery.nextAttemptAt)
    return `Next try ${formatDateTime(delivery.nextAttemptAt, { year: true })}`;
  return `Made ${formatDateTime(delivery.createdAt, { year: true })}`;
}

/** A subscription's delivery log, newest first, with "Send again" on each delivery. */
export function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(webhookId, page);
  const resend = useResendDelivery(webhookId);
  if (deliveries.error) {
    return (
      <LoadError
        title="We could not load the deliveries."
        error={deliveries.error}
        retrying={deliveries.isFetching}
        onRetry={() => void deliveries.refetch()}
      />
    );
  }
  const again = (delivery: WebhookDelivery) =>
    resend.mutate(delivery._id, {
      onSuccess: () => notify.success(`Sending ${delivery.type} again.`),
      onError: (error) => notify.error(error.message),
    });
  return (
    <>
      <TableContainer aria-busy={deliveries.isPlaceholderData || undefined}>
        <Table aria-label="Deliveries" cardsOnPhones>
          <HeadRow columns={COLUMNS} />
          <TableBody>
            {deliveries.isPending ? (
              <SkeletonRows columns={COLUMNS} />
            ) : deliveries.data.items.length === 0 ? (
              <EmptyRow columns={COLUMNS.length}>Nothing sent yet.</EmptyRow>
            ) : (
              deliveries.data.items.map((delivery) => (
                <TableRow key={delivery._id} data-testid="delivery-row">
                  <TableCell role="rowheader" label="Event">
                    {delivery.type} <code>{delivery.eventId.slice(0, 8)}</code>
                  </TableCell>
                  <TableCell label="Status">
                    <Chip
                      size="small"
                      label={STATUS[delivery.status].label}
                      color={STATUS[delivery.status].color}
                    />
                  </TableCell>
                  <TableCell label="Answer">
                    {delivery.responseStatus ?? delivery.lastError ?? '—'}
                  </TableCell>
                  <TableCell label="Attempts" align="right">
                    {delivery.attempts}
                  </TableCell>
                  <TableCell label="When">{whenText(delivery)}</TableCell>
                  <TableCell label="">
                    <Button
                      variant="outlined"
                      onClick={() => again(delivery)}
                      disabled={resend.isPending}
                    >
                      Send again
                    </Button>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <PagerOf answer={deliveries.data} label="Pages of deliveries" onPage={setPage} />
    </>
  );
}
