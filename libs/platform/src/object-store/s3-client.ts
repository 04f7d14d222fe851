import { Client } from 'minio';
import type { StackEndpoints } from '../config/stack-endpoints';

/**
 * An S3 client of the configured store, as the system speaks to it: path-style requests and a
 * fixed region, so MinIO and any S3-compatible store work alike. Loaded only by what stores files
 * (ObjectStore imports this module on first use: the client costs about 20 MB of memory).
 */
export function s3Client(
  config: Pick<StackEndpoints, 'S3_ENDPOINT' | 'S3_PORT' | 'S3_USE_SSL' | 'S3_ACCESS_KEY' | 'S3_SECRET_KEY' | 'S3_REGION'>,
): Client {
  return new Client({
    endPoint: config.S3_ENDPOINT,
    port: config.S3_PORT,
    useSSL: config.S3_USE_SSL,
    accessKey: config.S3_ACCESS_KEY,
    secretKey: config.S3_SECRET_KEY,
    region: config.S3_REGION,
    pathStyle: true,
  });
}
