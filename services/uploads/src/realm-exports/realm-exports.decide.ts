import {
  MAX_EXPORT_FAILURE_REASON_LENGTH,
  MAX_EXPORTED_UPLOAD_BYTES,
  REALM_EXPORT_LIMIT_WINDOW_MS,
  RealmExportType,
  type CompleteRealmExport,
  type FailRealmExport,
  type RealmExportDeletedV1,
  type RealmExportFailedV1,
  type RealmExportRecord,
  type RealmExportRequestedV1,
  type RealmExportSucceededV1,
} from '@zulip-es/contracts';
import { badRequest, type NewEventDraft } from '@zulip-es/platform';
import { REALM_EXPORTS_AGGREGATE, type RealmExportsState } from './realm-exports.state';
import type { UploadsNewEvent } from '../shared/uploads-new-event';

/** The event as the next version of the exports aggregate. */
const next = <E extends NewEventDraft<UploadsNewEvent>>(
  state: RealmExportsState,
  event: E,
): (E & { aggregateId: string; sequence: number })[] => [{ ...event, aggregateId: REALM_EXPORTS_AGGREGATE, sequence: state.version + 1 }];

export interface StartExport {
  exportType: number;
  actorId: number;
  now: Date;
  /** Bytes of the organization's uploads (Zulip's `currently_used_upload_space_bytes`). */
  uploadSpaceUsed: number;
  /** The archive's object key, chosen by the handler (random parts). */
  path: string;
  /** Who to ask for an export too large to be made by a request (Zulip's `FromAddress.SUPPORT`). */
  supportEmail: string;
  /** Exports allowed in 7 days (Zulip's 5). */
  perWeek: number;
}

/**
 * POST /export/realm (Zulip's `export_realm` view): the type must be 1 or 2; at most `perWeek`
 * exports (Zulip's 5) requested in 7 days (`Exceeded rate limit.`); an organization whose uploads
 * take more than 20 GiB is exported by its operator. Zulip also refuses more than 250,000
 * messages (counted from its analytics tables): this service keeps no such count, so that bound
 * is not applied.
 */
export function decideStartExport(state: RealmExportsState, cmd: StartExport): UploadsNewEvent<'realm_export.requested.v1'>[] {
  if (cmd.exportType !== RealmExportType.PUBLIC && cmd.exportType !== RealmExportType.FULL_WITH_CONSENT) {
    throw badRequest('Invalid export_type: Value error, Not in the list of possible values');
  }
  const since = cmd.now.getTime() - REALM_EXPORT_LIMIT_WINDOW_MS;
  const recent = state.exports.filter((e) => Date.parse(e.requestedAt) >= since).length;
  if (recent >= cmd.perWeek) throw badRequest('Exceeded rate limit.');
  if (cmd.uploadSpaceUsed > MAX_EXPORTED_UPLOAD_BYTES) {
    throw badRequest(
      `The export you requested is too large for automatic processing. Please request a manual export by contacting ${cmd.supportEmail}.`,
    );
  }
  const event: RealmExportRequestedV1 = {
    type: 'realm_export.requested.v1',
    data: {
      exportId: state.lastExportId + 1,
      exportType: cmd.exportType,
      actingUserId: cmd.actorId,
      requestedAt: cmd.now.toISOString(),
      path: cmd.path,
    },
  };
  return next(state, event);
}

/** DELETE /export/realm/{export_id} (Zulip's `delete_realm_export`), with its messages in its order. */
export function decideDeleteExport(state: RealmExportsState, exportId: number, actorId: number, now: Date): UploadsNewEvent[] {
  const found = state.exports.find((e) => e.exportId === exportId);
  if (!found) throw badRequest('Invalid data export ID');
  if (found.status === 'deleted') throw badRequest('Export already deleted');
  if (found.status === 'failed') throw badRequest('Export failed, nothing to delete');
  if (found.status === 'pending') throw badRequest('Export still in progress');
  const event: RealmExportDeletedV1 = {
    type: 'realm_export.deleted.v1',
    data: { exportId, deletedAt: now.toISOString(), deletedBy: actorId, path: found.path },
  };
  return next(state, event);
}

const pending = (state: RealmExportsState, exportId: number): RealmExportRecord | undefined =>
  state.exports.find((e) => e.exportId === exportId && e.status === 'pending');

/** The job wrote the archive: recorded once; an export no longer pending (or unknown) is left as it is. */
export function decideCompleteExport(state: RealmExportsState, cmd: CompleteRealmExport, now: Date): UploadsNewEvent[] {
  if (!pending(state, cmd.exportId)) return [];
  const event: RealmExportSucceededV1 = {
    type: 'realm_export.succeeded.v1',
    data: { exportId: cmd.exportId, succeededAt: now.toISOString(), size: cmd.size, sha256: cmd.sha256 },
  };
  return next(state, event);
}

/** The job gave up: recorded once, for a pending export only. */
export function decideFailExport(state: RealmExportsState, cmd: FailRealmExport, now: Date): UploadsNewEvent[] {
  if (!pending(state, cmd.exportId)) return [];
  const event: RealmExportFailedV1 = {
    type: 'realm_export.failed.v1',
    data: { exportId: cmd.exportId, failedAt: now.toISOString(), reason: cmd.reason.slice(0, MAX_EXPORT_FAILURE_REASON_LENGTH) },
  };
  return next(state, event);
}
