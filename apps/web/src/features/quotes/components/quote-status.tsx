import type { QuoteStatus } from '@shop/shared';
import { Chip } from '../../../components/ui/chip';

export const QUOTE_STATUS_LABEL: Record<QuoteStatus, string> = {
  requested: 'Requested',
  offered: 'Offered',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
};

const COLOR = {
  requested: 'info',
  offered: 'warning',
  accepted: 'success',
  declined: 'default',
  expired: 'default',
} as const satisfies Record<QuoteStatus, string>;

export function QuoteStatusChip({ status }: { status: QuoteStatus }) {
  return <Chip label={QUOTE_STATUS_LABEL[status]} color={COLOR[status]} size="small" />;
}
