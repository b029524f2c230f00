import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  GetObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { UPLOADS_PREFIX } from '@shop/shared';
import type { S3Config } from '../../config/config.js';
import { UPLOAD_CACHE_CONTROL, type UploadStore } from './storage.js';

/**
 * Uploaded pictures in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...), for shops
 * whose instances share no disk or keep none (docs/decisions/021). Each object carries its
 * Content-Type and the year-long Cache-Control, so a CDN in front of the bucket serves it as the
 * shop would. The shop also serves /uploads/<name> from the bucket itself: pages keep same-origin
 * picture URLs unless S3_PUBLIC_URL names another address to load them from.
 */
export function s3Store(config: S3Config): UploadStore {
  const client = new S3Client({
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Another service than AWS: path-style addresses (bucket in the path), which MinIO needs
    // and R2, Spaces and B2 accept, where a bucket name in the host would need DNS for it.
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    // The SDK's default CRC32 checksum headers are refused by some S3-compatible services
    // (B2, older MinIO and R2); Content-MD5 below, which all of them check, guards the bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Without these a bucket that stops answering would hold an upload or a page's picture open
    // for ever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const bucket = config.bucket;
  return {
    async save(name, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: name,
          Body: bytes,
          ContentType: contentType,
          CacheControl: UPLOAD_CACHE_CONTROL,
          ContentMD5: createHash('md5').update(bytes).digest('base64'),
        }),
      );
    },
    async *list() {
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket })) {
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      }
    },
    url: (name) => (config.publicUrl ? `${config.publicUrl}/${name}` : `${UPLOADS_PREFIX}${name}`),
    files: {
      kind: 'reader',
      async read(name, { ifNoneMatch }) {
        try {
          const object = await client.send(
            new GetObjectCommand({ Bucket: bucket, Key: name, IfNoneMatch: ifNoneMatch }),
          );
          if (!(object.Body instanceof Readable)) throw new Error('The bucket sent no body.');
          return {
            body: object.Body,
            contentType: object.ContentType ?? 'application/octet-stream',
            contentLength: object.ContentLength,
            etag: object.ETag,
            lastModified: object.LastModified,
          };
        } catch (error) {
          const status =
            error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
          if (status === 404) return null;
          if (status === 304) return 'unchanged';
          throw error;
        }
      },
    },
    close: () => client.destroy(),
  };
}
