import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { preview, type Product } from '@shop/shared';
import { formatNumber, formatPrice } from '../../../lib/format';
import { PRODUCT_IMAGE_HEIGHT, PRODUCT_IMAGE_WIDTH } from './product-card';

/**
 * SPEC section 2, Purchase page: the product's picture, name, description preview and figures.
 * Each figure is one line of text, so "Available: 440 pieces" reads (and is found) as a whole.
 */
export function ProductDetails({ product }: { product: Product }) {
  return (
    <Box component="section" aria-label={product.name}>
      <Box
        component="img"
        src={product.img}
        alt={product.name}
        width={PRODUCT_IMAGE_WIDTH}
        height={PRODUCT_IMAGE_HEIGHT}
        // The page's largest paint: fetched ahead of the scripts and pictures still pending.
        fetchPriority="high"
        sx={{
          width: '100%',
          height: 'auto',
          aspectRatio: `${PRODUCT_IMAGE_WIDTH} / ${PRODUCT_IMAGE_HEIGHT}`,
          objectFit: 'contain',
          bgcolor: 'grey.100',
          borderRadius: 1,
        }}
      />
      <Typography variant="h2" sx={{ fontSize: { xs: '1.5rem', md: '1.75rem' }, mt: 2 }}>
        {product.name}
      </Typography>
      <Typography sx={{ mt: 1, color: 'text.secondary' }}>
        {preview(product.description)}
      </Typography>
      <Stack spacing={0.5} sx={{ mt: 2 }} data-testid="product-facts">
        <Typography>{`Minimum order: ${formatNumber(product.minimum)} pieces`}</Typography>
        <Typography>{`Available: ${formatNumber(product.available)} pieces`}</Typography>
        <Typography>{`Price: ${formatPrice(product.price)} per piece`}</Typography>
      </Stack>
    </Box>
  );
}

const imageSx = {
  width: '100%',
  height: 'auto',
  aspectRatio: `${PRODUCT_IMAGE_WIDTH} / ${PRODUCT_IMAGE_HEIGHT}`,
  borderRadius: 1,
} as const;

/** ProductDetails while the product loads, line for line about as tall, so nothing jumps. */
export function ProductDetailsSkeleton() {
  return (
    <Box aria-hidden>
      <Skeleton variant="rectangular" sx={imageSx} />
      <Skeleton
        variant="text"
        sx={{ fontSize: { xs: '1.5rem', md: '1.75rem' }, mt: 2, width: '60%' }}
      />
      <Box sx={{ mt: 1 }}>
        {['100%', '100%', '100%', '100%', '70%'].map((width, index) => (
          <Skeleton key={index} variant="text" sx={{ width }} />
        ))}
      </Box>
      <Stack spacing={0.5} sx={{ mt: 2 }}>
        {['45%', '50%', '40%'].map((width, index) => (
          <Skeleton key={index} variant="text" sx={{ width }} />
        ))}
      </Stack>
    </Box>
  );
}
