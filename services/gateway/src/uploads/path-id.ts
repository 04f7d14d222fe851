import { randomBytes } from 'node:crypto';
import { sanitizeFileName } from './sanitize-file-name';

/**
 * A new upload's path id, its object key in the bucket and its URL after `/user_uploads/`:
 * `<realm id>/<2 hex>/<24 random>/<sanitised name>`, as in Zulip's URLs.
 */
export const newPathId = (realmId: number, name: string): string =>
  [realmId, randomBytes(1).toString('hex'), randomBytes(18).toString('base64url'), sanitizeFileName(name)].join('/');
