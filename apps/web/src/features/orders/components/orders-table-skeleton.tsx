import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

/** Stands in for an orders table while it loads. */
export function OrdersTableSkeleton() {
  return (
    <Stack spacing={1} aria-busy="true" aria-label="Loading orders">
      <Skeleton variant="rounded" height={48} />
      <Skeleton variant="rounded" height={64} />
      <Skeleton variant="rounded" height={64} />
      <Skeleton variant="rounded" height={64} />
    </Stack>
  );
}
