/**
 * The two S3 calls the stack needs (does the bucket exist, create it), signed with AWS
 * Signature V4 by hand so the stack scripts need no S3 client library.
 */
import { createHash, createHmac } from 'node:crypto';

export interface S3Target {
  baseUrl: string; // http://host:port
  region: string;
  accessKey: string;
  secretKey: string;
}

const sha256 = (data: string): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data).digest();

async function s3Request(target: S3Target, method: 'HEAD' | 'PUT', path: string, body = ''): Promise<Response> {
  const url = new URL(path, target.baseUrl);
  const amzDate = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, ''); // 20250101T000000Z
  const day = amzDate.slice(0, 8);
  const payloadHash = sha256(body);
  const canonicalHeaders = `host:${url.host}\nx-amz-content-sha256:${payloadHash}\nx-amz-date:${amzDate}\n`;
  const signedHeaders = 'host;x-amz-content-sha256;x-amz-date';
  const canonicalRequest = [method, url.pathname, '', canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${target.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${target.secretKey}`, day), target.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return fetch(url, {
    method,
    body: body || undefined,
    signal: AbortSignal.timeout(10_000),
    headers: {
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDate,
      authorization: `AWS4-HMAC-SHA256 Credential=${target.accessKey}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
    },
  });
}

/** Creates the bucket unless it exists. Resolves to whether it was created now. */
export async function ensureBucket(target: S3Target, bucket: string): Promise<boolean> {
  const head = await s3Request(target, 'HEAD', `/${bucket}`);
  if (head.status === 200) return false;
  if (head.status !== 404)
    throw new Error(`minio: HEAD /${bucket} answered ${head.status}${head.status === 403 ? ' (wrong S3 credentials?)' : ''}`);
  const body =
    target.region === 'us-east-1'
      ? ''
      : `<CreateBucketConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><LocationConstraint>${target.region}</LocationConstraint></CreateBucketConfiguration>`;
  const put = await s3Request(target, 'PUT', `/${bucket}`, body);
  if (put.status !== 200 && put.status !== 409) {
    throw new Error(`minio: creating bucket ${bucket} answered ${put.status}: ${(await put.text()).slice(0, 300)}`);
  }
  return put.status === 200;
}
