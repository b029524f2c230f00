import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { HOME_PRODUCT_COUNT } from '@shop/shared';
import { LoadError } from '../../../components/load-error';
import { useProducts } from '../api';
import {
  PRODUCT_IMAGE_HEIGHT,
  PRODUCT_IMAGE_WIDTH,
  ProductCard,
  type ProductCardProps,
} from './product-card';

/** Cards per row on large screens: the first row's pictures load eagerly. */
const FIRST_ROW = 3;
const cardSize = { xs: 12, sm: 6, lg: 4 } as const;

function ProductCardSkeleton() {
  return (
    <Card sx={{ height: '100%' }}>
      <Skeleton
        variant="rectangular"
        sx={{
          width: '100%',
          height: 'auto',
          aspectRatio: `${PRODUCT_IMAGE_WIDTH} / ${PRODUCT_IMAGE_HEIGHT}`,
        }}
      />
      <CardContent>
        <Skeleton variant="text" sx={{ fontSize: '1.25rem', width: '70%' }} />
        <Skeleton variant="text" />
        <Skeleton variant="text" />
        <Skeleton variant="text" sx={{ width: '50%' }} />
        <Skeleton variant="rounded" height={36} sx={{ mt: 2 }} />
      </CardContent>
    </Card>
  );
}

export interface ProductGridProps {
  /** Shows the first `limit` products; all of them without one. */
  limit?: number;
  onBuyIntent?: ProductCardProps['onBuyIntent'];
}

/** The product cards in the catalogue's order: the first `limit` of them, or all. */
export function ProductGrid({ limit, onBuyIntent }: ProductGridProps) {
  const { data, error, isPending, isFetching, refetch } = useProducts();

  if (isPending) {
    return (
      <Grid container spacing={3} aria-busy="true">
        {Array.from({ length: limit ?? HOME_PRODUCT_COUNT }, (_, index) => (
          <Grid key={index} size={cardSize}>
            <ProductCardSkeleton />
          </Grid>
        ))}
      </Grid>
    );
  }
  if (error) {
    return (
      <LoadError
        title="We could not load our products."
        error={error}
        retrying={isFetching}
        onRetry={() => void refetch()}
      />
    );
  }
  if (data.length === 0) {
    return (
      <Typography sx={{ textAlign: 'center' }}>
        Our catalogue is being updated. Please check back soon.
      </Typography>
    );
  }
  return (
    <Grid container spacing={3}>
      {data.slice(0, limit).map((product, index) => (
        <Grid key={product._id} size={cardSize}>
          <ProductCard product={product} eager={index < FIRST_ROW} onBuyIntent={onBuyIntent} />
        </Grid>
      ))}
    </Grid>
  );
}
