import { randomBytes } from 'node:crypto';

/** A multipart/form-data body of one file, as a browser's upload form sends it. */
export function multipartFile(
  field: string,
  filename: string,
  contentType: string,
  bytes: Buffer,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----shop-test-${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
    `Content-Type: ${contentType}\r\n\r\n`;
  const payload = Buffer.concat([
    Buffer.from(head, 'utf8'),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8'),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
