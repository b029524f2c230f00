import { uploadedSchema } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import { routes, upload } from '../../../lib/api-client';

/** What POST /uploads takes (its contract): the client checks first, the server by content. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** Not SPEC messages: a file refused before it is sent. */
export const uploadMessages = {
  type: 'Please choose a PNG, JPEG or WebP image.',
  size: 'Please choose an image of 2 MB or less.',
} as const;

/** Why the file cannot be uploaded, or null when it may be. */
export function imageFileProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return uploadMessages.type;
  if (file.size > IMAGE_MAX_BYTES) return uploadMessages.size;
  return null;
}

/** Uploads a product image (admin) and answers the URL the shop serves it under. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const { url } = await upload(routes.catalog.upload, form, { schema: uploadedSchema });
  return url;
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
