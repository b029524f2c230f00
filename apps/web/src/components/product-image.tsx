import { useLayoutEffect, useRef, useState, type ComponentPropsWithoutRef } from 'react';

/**
 * A neutral picture frame (a grey field with a landscape sign), inline so that it shows even when
 * the network that lost the product's image is gone too. The CSP allows data: images.
 */
export const PRODUCT_IMAGE_PLACEHOLDER =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 48">' +
      '<rect width="64" height="48" fill="#eeeeee"/>' +
      '<path d="M20 34l8-10 6 7 4-5 6 8z" fill="#9e9e9e"/>' +
      '<circle cx="40" cy="17" r="3" fill="#9e9e9e"/>' +
      '</svg>',
  );

type ProductImageProps = Omit<ComponentPropsWithoutRef<'img'>, 'src' | 'alt' | 'onError'> & {
  src: string;
  /** Kept on the placeholder too: a screen reader hears the same thing either way. */
  alt: string;
};

/**
 * A product's picture that shows a placeholder in the same box when the image cannot be loaded
 * (a dead link in the catalogue), instead of the browser's broken-image sign. An image the server
 * rendered may have failed before React hydrated and attached onError, so the mount checks it
 * too: a finished image with no width never loaded.
 */
export function ProductImage({ src, alt, ...props }: ProductImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const broken = failedSrc === src;

  // Before paint, so a picture that failed before hydration never shows the broken sign.
  useLayoutEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && img.getAttribute('src') === src) {
      setFailedSrc(src);
    }
  }, [src]);

  return (
    <img
      ref={ref}
      {...props}
      src={broken ? PRODUCT_IMAGE_PLACEHOLDER : src}
      alt={alt}
      data-broken={broken || undefined}
      onError={() => setFailedSrc(src)}
    />
  );
}
