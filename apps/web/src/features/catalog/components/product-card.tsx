import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { preview, type Product } from '@shop/shared';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatNumber, formatPrice } from '../../../lib/format';

/** The intrinsic size of the product pictures; the attributes reserve the space before they load. */
export const PRODUCT_IMAGE_WIDTH = 400;
export const PRODUCT_IMAGE_HEIGHT = 300;

export interface ProductCardProps {
  product: Product;
  /** Pictures in the first visible row load at once; the rest wait until they near the viewport. */
  eager?: boolean;
  /**
   * Called as a pointer or the focus reaches Buy Now (a finger's press comes a little before its
   * click): the page can start loading what the purchase page shows, so it shows at once.
   */
  onBuyIntent?: (product: Product) => void;
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Typography variant="body2">
      <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}:
      </Typography>{' '}
      <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
    </Typography>
  );
}

export function ProductCard({ product, eager = false, onBuyIntent }: ProductCardProps) {
  const nameId = useId();
  const prepare = onBuyIntent && (() => onBuyIntent(product));
  return (
    <Card
      component="article"
      data-testid="product-card"
      aria-labelledby={nameId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardMedia
        component="img"
        src={product.img}
        alt={product.name}
        width={PRODUCT_IMAGE_WIDTH}
        height={PRODUCT_IMAGE_HEIGHT}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        sx={{
          width: '100%',
          height: 'auto',
          aspectRatio: `${PRODUCT_IMAGE_WIDTH} / ${PRODUCT_IMAGE_HEIGHT}`,
          objectFit: 'contain',
          bgcolor: 'grey.100',
        }}
      />
      <CardContent sx={{ flex: 1 }}>
        <Typography variant="h3" id={nameId}>
          {product.name}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
          {preview(product.description)}
        </Typography>
        <Stack spacing={0.5} sx={{ mt: 2 }}>
          <Fact label="Minimum order" value={`${formatNumber(product.minimum)} pieces`} />
          <Fact label="Available" value={`${formatNumber(product.available)} pieces`} />
          <Fact label="Price" value={`${formatPrice(product.price)} per piece`} />
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          component={RouterLink}
          to={`/purchase/${product._id}`}
          variant="contained"
          fullWidth
          aria-describedby={nameId}
          onPointerEnter={prepare}
          onPointerDown={prepare}
          onFocus={prepare}
        >
          Buy Now
        </Button>
      </CardActions>
    </Card>
  );
}
