import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { api } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Guards } from '../../auth/guards.js';
import { serve } from '../../http/endpoint.js';
import { HttpError } from '../../http/errors.js';
import { processImage, UPLOAD_MAX_BYTES, uploadMessages, uploadUrl } from './images.js';
import type { UploadStore } from './storage.js';

/** POST /api/uploads: an admin's product picture, checked, resized and stored (images.ts). */
export const uploadRoutes: FastifyPluginAsync<{ guards: Guards; store: UploadStore }> = async (
  app,
  { guards, store },
) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1 },
    throwFileSizeLimit: true,
  });
  serve(app, guards, api.catalog.upload, async (request) => {
    if (!request.isMultipart()) throw new HttpError(415, uploadMessages.noFile);
    let bytes: Buffer;
    try {
      const file = await request.file();
      if (!file) throw new HttpError(400, uploadMessages.noFile);
      bytes = await file.toBuffer();
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new HttpError(413, uploadMessages.tooLarge);
      throw new HttpError(400, uploadMessages.noFile);
    }
    const image = await processImage(bytes);
    for (const file of image.files) await store.save(file.name, file.bytes);
    request.log.info({ image: image.id }, 'product image uploaded');
    return { url: uploadUrl(image.id) };
  });
};

/**
 * GET /uploads/*: the stored pictures. Their names are content hashes, so a name always holds
 * the same bytes and browsers may keep them for a year without asking again.
 */
export const uploadFiles: FastifyPluginAsync<{ store: UploadStore }> = async (app, { store }) => {
  await app.register(fastifyStatic, {
    root: store.dir,
    prefix: '/uploads/',
    decorateReply: false,
    // Only the pictures: no directory listing, no dotfiles (a write in progress).
    index: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders: (res) => res.setHeader('cache-control', 'public, max-age=31536000, immutable'),
  });
};
