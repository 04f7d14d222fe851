import { z } from 'zod';
import type { RealmExportDeletedV1 } from './events/realm-export-deleted.v1';
import type { RealmExportFailedV1 } from './events/realm-export-failed.v1';
import type { RealmExportRequestedV1 } from './events/realm-export-requested.v1';
import type { RealmExportSucceededV1 } from './events/realm-export-succeeded.v1';

/** The organization's id: this server runs one organization, created with this id. */
export const REALM_ID = 1;

/** Zulip's `EXPORT_LIMIT`: at most this many exports requested in the last `EXPORT_LIMIT_WINDOW_MS`. */
export const MAX_REALM_EXPORTS_PER_WINDOW = 5;
export const REALM_EXPORT_LIMIT_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * Zulip's `MAX_UPLOAD_QUOTA` (20 GiB): an organization whose uploads take more is exported by
 * its operator, not by a request.
 */
export const MAX_EXPORTED_UPLOAD_BYTES = 20 * 1024 * 1024 * 1024;
/** The longest failure reason an event keeps. */
export const MAX_EXPORT_FAILURE_REASON_LENGTH = 1000;

/** Archives live in the uploads bucket under this prefix, then the realm id: `exports/<realm>/…`. */
export const REALM_EXPORT_KEY_PREFIX = 'exports/';
export const isRealmExportKey = (key: string): boolean => key.startsWith(REALM_EXPORT_KEY_PREFIX);
/**
 * Where the gateway serves an archive (with the caller's credentials, to administrators only):
 * Zulip's own export URLs are `<realm>/user_avatars/exports/<realm id>/<random>/<name>`.
 */
export const REALM_EXPORT_URL_PREFIX = '/user_avatars/';

/** Every event of the `realm_exports` aggregate (uploads.events, key `realm`). */
export type RealmExportEvent = RealmExportRequestedV1 | RealmExportSucceededV1 | RealmExportFailedV1 | RealmExportDeletedV1;
export const REALM_EXPORT_EVENT_TYPES: ReadonlySet<string> = new Set([
  'realm_export.requested.v1',
  'realm_export.succeeded.v1',
  'realm_export.failed.v1',
  'realm_export.deleted.v1',
]);

/** One export as its events leave it (Zulip's `RealmExport` row). */
export interface RealmExportRecord {
  exportId: number;
  exportType: 1 | 2;
  actingUserId: number;
  requestedAt: string;
  path: string;
  status: 'pending' | 'succeeded' | 'failed' | 'deleted';
  succeededAt?: string;
  failedAt?: string;
  deletedAt?: string;
  size?: number;
  sha256?: string;
}

/** The export after `event` (`current` null before its request). */
export function evolveRealmExport(current: RealmExportRecord | null, event: RealmExportEvent): RealmExportRecord | null {
  switch (event.type) {
    case 'realm_export.requested.v1': {
      const { exportId, exportType, actingUserId, requestedAt, path } = event.data;
      return { exportId, exportType, actingUserId, requestedAt, path, status: 'pending' };
    }
    case 'realm_export.succeeded.v1':
      return (
        current && {
          ...current,
          status: 'succeeded',
          succeededAt: event.data.succeededAt,
          size: event.data.size,
          sha256: event.data.sha256,
        }
      );
    case 'realm_export.failed.v1':
      return current && { ...current, status: 'failed', failedAt: event.data.failedAt };
    case 'realm_export.deleted.v1':
      return current && { ...current, status: 'deleted', deletedAt: event.data.deletedAt };
  }
}

/** Zulip's serialized export (`get_realm_exports_serialized`), as GET /export/realm and `realm_export` events show it. */
export interface RealmExportView {
  id: number;
  export_time: number;
  acting_user_id: number;
  export_url: string | null;
  deleted_timestamp: number | null;
  failed_timestamp: number | null;
  pending: boolean;
  export_type: number;
}

/** Zulip's `datetime_to_timestamp`: whole seconds. */
const seconds = (iso: string | undefined): number | null => (iso === undefined ? null : Math.floor(Date.parse(iso) / 1000));

/** The archive's URL on the organization's site (`realmUrl` without a trailing slash). */
export const realmExportUrl = (realmUrl: string, path: string): string =>
  `${realmUrl.replace(/\/+$/u, '')}${REALM_EXPORT_URL_PREFIX}${path}`;

export function realmExportView(record: RealmExportRecord, realmUrl: string): RealmExportView {
  return {
    id: record.exportId,
    export_time: seconds(record.requestedAt)!,
    acting_user_id: record.actingUserId,
    export_url: record.status === 'succeeded' ? realmExportUrl(realmUrl, record.path) : null,
    deleted_timestamp: seconds(record.deletedAt),
    failed_timestamp: seconds(record.failedAt),
    pending: record.status === 'pending',
    export_type: record.exportType,
  };
}

/** Every export, by id (Zulip's order). */
export const realmExportViews = (records: Iterable<RealmExportRecord>, realmUrl: string): RealmExportView[] =>
  [...records].sort((a, b) => a.exportId - b.exportId).map((r) => realmExportView(r, realmUrl));

/**
 * Not REST operations: the export job's outcome, sent by the job to the uploads service (key
 * `realm`, command ids `realm-export-complete:<id>` / `realm-export-fail:<id>`, so a job that
 * runs again changes nothing more). An export no longer pending is left as it is.
 */
export const COMPLETE_REALM_EXPORT = 'realm_export.complete';
export const CompleteRealmExport = z.object({
  exportId: z.number().int().positive(),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/u),
});
export type CompleteRealmExport = z.infer<typeof CompleteRealmExport>;

export const FAIL_REALM_EXPORT = 'realm_export.fail';
export const FailRealmExport = z.object({
  exportId: z.number().int().positive(),
  reason: z.string().max(MAX_EXPORT_FAILURE_REASON_LENGTH),
});
export type FailRealmExport = z.infer<typeof FailRealmExport>;
