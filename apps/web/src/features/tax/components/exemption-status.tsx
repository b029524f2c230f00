import type { ExemptionStatus } from '@shop/shared';
import { Chip } from '../../../components/ui/chip';

const looks: Record<ExemptionStatus, { label: string; color: 'default' | 'success' | 'warning' }> =
  {
    pending: { label: 'Waiting for review', color: 'warning' },
    approved: { label: 'Approved', color: 'success' },
    refused: { label: 'Refused', color: 'default' },
  };

/** A certificate's review as a chip; an approved one past its date reads "Expired". */
export function ExemptionStatusChip({
  status,
  expired,
}: {
  status: ExemptionStatus;
  expired: boolean;
}) {
  if (status === 'approved' && expired) return <Chip size="small" label="Expired" />;
  const { label, color } = looks[status];
  return <Chip size="small" label={label} color={color} />;
}
