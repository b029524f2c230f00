import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { api, UPLOADS_PREFIX } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Guards } from '../auth/guards.js';
import { serve } from './endpoint.js';
import { HttpError } from '../http/errors.js';
import {
  IMAGE_SIZES,
  isUploadName,
  processImage,
  UPLOAD_MAX_BYTES,
  uploadMessages,
  uploadName,
} from '../modules/uploads/images.js';
import { UPLOAD_CACHE_CONTROL, type UploadStore } from '../modules/uploads/storage.js';
import { documentMessages, isDocumentName, processDocument } from '../modules/uploads/documents.js';

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
    for (const file of image.files) await store.save(file.name, file.bytes, file.contentType);
    request.log.info({ image: image.id }, 'product image uploaded');
    return { url: store.url(uploadName(image.id, IMAGE_SIZES.large)) };
  });
  // A company owner's certificate (POST /companies/{id}/tax-exemptions names its URL).
  serve(app, guards, api.tax.uploadCertificate, async (request, reply) => {
    if (!request.isMultipart()) throw new HttpError(415, documentMessages.noFile);
    let bytes: Buffer;
    try {
      const file = await request.file();
      if (!file) throw new HttpError(400, documentMessages.noFile);
      bytes = await file.toBuffer();
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new HttpError(413, documentMessages.tooLarge);
      throw new HttpError(400, documentMessages.noFile);
    }
    const document = await processDocument(bytes);
    await store.save(document.name, document.bytes, document.contentType);
    request.log.info({ document: document.name }, 'certificate uploaded');
    reply.code(201);
    return { url: store.url(document.name) };
  });
};

/**
 * GET /uploads/*: the stored pictures. Their names are content hashes, so a name always holds
 * the same bytes and browsers may keep them for a year without asking again.
 */
export const uploadFiles: FastifyPluginAsync<{ store: UploadStore }> = async (app, { store }) => {
  const { files } = store;
  if (files.kind === 'folder') {
    await app.register(fastifyStatic, {
      root: files.dir,
      prefix: UPLOADS_PREFIX,
      decorateReply: false,
      // Only the pictures: no directory listing, no dotfiles (a write in progress).
      index: false,
      dotfiles: 'deny',
      cacheControl: false,
      setHeaders: (res) => res.setHeader('cache-control', UPLOAD_CACHE_CONTROL),
    });
    return;
  }
  app.get<{ Params: { name: string } }>(`${UPLOADS_PREFIX}:name`, async (request, reply) => {
    const { name } = request.params;
    // Only names the shop makes: a bucket shared with other data is not readable through here.
    if (!isUploadName(name) && !isDocumentName(name)) return reply.callNotFound();
    const found = await files.read(name, { ifNoneMatch: request.headers['if-none-match'] });
    if (found === null) return reply.callNotFound();
    reply.header('cache-control', UPLOAD_CACHE_CONTROL);
    if (found === 'unchanged') return reply.code(304).send();
    if (found.etag) reply.header('etag', found.etag);
    if (found.lastModified) reply.header('last-modified', found.lastModified.toUTCString());
    if (found.contentLength !== undefined) reply.header('content-length', found.contentLength);
    return reply.type(found.contentType).send(found.body);
  });
};
