import BrokenImageOutlinedIcon from '@mui/icons-material/BrokenImageOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { imageUrlSchema } from '@shop/shared';
import { useState } from 'react';

const frame = {
  width: '100%',
  aspectRatio: '4 / 3',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 1,
  p: 2,
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  bgcolor: 'grey.100',
  textAlign: 'center',
  color: 'text.secondary',
} as const;

/**
 * Shows the picture behind the typed URL as the card will, so a wrong link is caught before the
 * product goes live. A URL that does not load says so instead of showing a broken image.
 */
export function ImagePreview({ url }: { url: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const trimmed = url.trim();
  const usable = imageUrlSchema.safeParse(trimmed).success;

  let body;
  if (!usable) {
    body = (
      <>
        <ImageOutlinedIcon fontSize="large" aria-hidden />
        <Typography variant="body2">The preview appears once you give an image URL.</Typography>
      </>
    );
  } else if (failedUrl === trimmed) {
    body = (
      <>
        <BrokenImageOutlinedIcon fontSize="large" color="error" aria-hidden />
        <Typography variant="body2" role="status">
          This image could not be loaded. Please check the URL.
        </Typography>
      </>
    );
  } else {
    body = (
      <Box
        component="img"
        key={trimmed}
        src={trimmed}
        alt="Preview of the product image"
        onError={() => setFailedUrl(trimmed)}
        sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
      />
    );
  }

  return (
    <Box data-testid="image-preview" sx={frame}>
      {body}
    </Box>
  );
}
