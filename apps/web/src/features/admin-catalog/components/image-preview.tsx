import { imageUrlSchema } from '@shop/shared';
import { useState } from 'react';
import { Icon } from '../../../components/ui/icon';
import { brokenImageOutlined, imageOutlined } from '../../../components/ui/icons';
import styles from './product-form.module.css';

/**
 * Shows the picture behind the typed (or uploaded) URL as the card will, so a wrong link is
 * caught before the product goes live. A URL that does not load says so instead of showing a
 * broken image.
 */
export function ImagePreview({ url }: { url: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const trimmed = url.trim();
  const usable = imageUrlSchema.safeParse(trimmed).success;

  let body;
  if (!usable) {
    body = (
      <>
        <Icon path={imageOutlined} size={36} />
        <p className={styles.previewText}>The preview appears once you give an image URL.</p>
      </>
    );
  } else if (failedUrl === trimmed) {
    body = (
      <>
        <Icon path={brokenImageOutlined} size={36} className={styles.previewBroken} />
        <p className={styles.previewText} role="status">
          This image could not be loaded. Please check the URL.
        </p>
      </>
    );
  } else {
    body = (
      <img
        key={trimmed}
        src={trimmed}
        alt="Preview of the product image"
        onError={() => setFailedUrl(trimmed)}
        className={styles.previewImage}
      />
    );
  }

  return (
    <div data-testid="image-preview" className={styles.preview}>
      {body}
    </div>
  );
}
