import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { tempDir } from './build-test-app.js';

/** s3rver's one account: requests signed with another access key id are refused. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The S3_* variables that point the shop at this bucket. */
  env: Record<string, string>;
  /** Looks into the bucket as another program would, past the shop. */
  head(key: string): Promise<{ contentType?: string; cacheControl?: string; length?: number }>;
  get(key: string): Promise<Buffer>;
  put(key: string, body: string | Buffer, contentType: string): Promise<void>;
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, objects kept in a temporary folder) on 127.0.0.1 only,
 * with one empty bucket. It speaks the S3 REST API the AWS SDK uses and refuses an unknown
 * access key, though it does not check SigV4 signatures themselves.
 */
export async function startS3Server(bucket = 'shop-pictures'): Promise<TestS3> {
  const folder = await tempDir('shop-s3-');
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: folder.dir,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  });
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    },
    async head(key) {
      const object = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return {
        contentType: object.ContentType,
        cacheControl: object.CacheControl,
        length: object.ContentLength,
      };
    },
    async get(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
    },
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }),
      );
    },
    async keys() {
      const listing = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listing.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    async close() {
      client.destroy();
      await server.close();
      await folder.remove();
    },
  };
}
