import { z } from 'zod';
import { Role } from '../roles';
import { EmptyReply, RealmExportReply, idReply } from './replies';
import { defineOperation } from './operation';

/**
 * Zulip's `RealmExport.type`: 1 a public data export, 2 a standard export (public data plus the
 * private data of the members who consented). Zulip's 3 (full export without consent) is made by
 * a server's operator only, never through the API.
 */
export const RealmExportType = { PUBLIC: 1, FULL_WITH_CONSENT: 2 } as const;
export type RealmExportType = (typeof RealmExportType)[keyof typeof RealmExportType];

/**
 * POST /export/realm: starts an export job and answers its `id`. `export_type` is any integer on
 * the wire and checked by the uploads service (Zulip's `check_int_in_validator`), so a value out
 * of the list gets Zulip's message rather than a type error.
 */
export const exportRealm = defineOperation({
  type: 'realm_export.start',
  method: 'POST',
  path: '/export/realm',
  service: 'uploads',
  kind: 'command',
  auth: 'user',
  minRole: Role.ADMINISTRATOR,
  params: z.object({ export_type: z.int().default(RealmExportType.PUBLIC) }),
  reply: idReply('id'),
  key: 'realm',
});

/** GET /export/realm: every export of the organization, by id. */
export const getRealmExports = defineOperation({
  type: 'realm_export.list',
  method: 'GET',
  path: '/export/realm',
  service: 'uploads',
  kind: 'query',
  auth: 'user',
  minRole: Role.ADMINISTRATOR,
  params: z.object({}),
  reply: z.strictObject({ exports: z.array(RealmExportReply) }),
  key: 'realm',
});

/**
 * DELETE /export/realm/{export_id}: removes a finished export's archive. Zulip serves it (its web
 * app's "Delete" button) although its API document does not list it.
 */
export const deleteRealmExport = defineOperation({
  type: 'realm_export.delete',
  method: 'DELETE',
  path: '/export/realm/{export_id}',
  service: 'uploads',
  kind: 'command',
  auth: 'user',
  minRole: Role.ADMINISTRATOR,
  params: z.object({ export_id: z.int() }),
  reply: EmptyReply,
  key: 'realm',
});

/** GET /export/realm/consents: whether each active human user lets administrators export their private data. */
export const getRealmExportConsents = defineOperation({
  type: 'realm_export.consents',
  method: 'GET',
  path: '/export/realm/consents',
  service: 'users',
  kind: 'query',
  auth: 'user',
  minRole: Role.ADMINISTRATOR,
  params: z.object({}),
  reply: z.strictObject({ export_consents: z.array(z.strictObject({ user_id: z.int(), consented: z.boolean() })) }),
  key: 'realm',
});
