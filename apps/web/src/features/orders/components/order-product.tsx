import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Order } from '@shop/shared';

/** The product cell of an order row: its small picture and name, as they were when ordered. */
export function OrderProduct({ order }: { order: Pick<Order, 'img' | 'productName'> }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <Box
        component="img"
        src={order.img}
        alt=""
        width={56}
        height={42}
        loading="lazy"
        sx={{ objectFit: 'contain', bgcolor: 'grey.100', borderRadius: 0.5, flexShrink: 0 }}
      />
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {order.productName}
      </Typography>
    </Stack>
  );
}
