import { realmExportViews, type RealmExportEvent } from '@zulip-es/contracts';
import type { Delivery } from '@zulip-es/event-queues';
import type { Directory } from '../directory/directory';
import type { ClientEventsOf } from './client-event';

/**
 * Zulip's `notify_realm_export`: every export of the organization, after the change, to its
 * human administrators and owners.
 */
const exportsChanged = (event: RealmExportEvent, directory: Directory): Delivery[] => [
  {
    userIds: directory.humanAdministratorIds(),
    event: { type: 'realm_export', exports: realmExportViews(directory.realmExportsAfter(event), directory.realmUrl) },
  },
];

export const realmExportRequested: ClientEventsOf<'realm_export.requested.v1'> = exportsChanged;
export const realmExportSucceeded: ClientEventsOf<'realm_export.succeeded.v1'> = exportsChanged;
export const realmExportFailed: ClientEventsOf<'realm_export.failed.v1'> = exportsChanged;
export const realmExportDeleted: ClientEventsOf<'realm_export.deleted.v1'> = exportsChanged;

/** Zulip's `realm_export_consent`, to the human administrators and owners. */
export const exportConsent = (directory: Directory, userId: number, consented: boolean): Delivery[] => [
  { userIds: directory.humanAdministratorIds(), event: { type: 'realm_export_consent', user_id: userId, consented } },
];
