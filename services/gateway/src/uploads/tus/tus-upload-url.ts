import { StoredFile } from '@zulip-es/contracts';

/** Where the tus endpoint lives, as in Zulip (`/api/v1/tus`). */
export const TUS_PATH = '/api/v1/tus';

/**
 * A tus upload's id is its path id, which has slashes (`<realm>/<2 hex>/<random>/<name>`); tus
 * takes the URL's last segment for the id, so the URL carries it base64url-encoded.
 */
export const uploadUrlSegment = (pathId: string): string => Buffer.from(pathId, 'utf8').toString('base64url');

/** The path id an upload URL's last segment names, or undefined when it names none (a 404). */
export function pathIdOfSegment(segment: string | undefined): string | undefined {
  if (!segment || !/^[A-Za-z0-9_-]+$/.test(segment)) return undefined;
  const pathId = Buffer.from(segment, 'base64url').toString('utf8');
  return StoredFile.shape.pathId.safeParse(pathId).success ? pathId : undefined;
}
