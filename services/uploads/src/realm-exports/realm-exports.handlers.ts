import { randomBytes } from 'node:crypto';
import {
  CompleteRealmExport,
  deleteRealmExport,
  exportRealm,
  FailRealmExport,
  getRealmExports,
  REALM_EXPORT_KEY_PREFIX,
  REALM_ID,
  realmExportViews,
  type OperationData,
} from '@zulip-es/contracts';
import type { CommandHandler, QueryHandler } from '@zulip-es/platform';
import type { UploadsDeps } from '../shared/uploads-deps';
import { decideCompleteExport, decideDeleteExport, decideFailExport, decideStartExport } from './realm-exports.decide';

/** URL-safe random characters, as Zulip's `secrets.token_urlsafe` gives them. */
const random = (chars: number): string => randomBytes(chars).toString('base64url').slice(0, chars);

/** The archive's key: `exports/<realm>/<24 random>/zulip-export-<8 random, lower case>.tar.gz`, Zulip's shape. */
export const newExportPath = (): string =>
  `${REALM_EXPORT_KEY_PREFIX}${REALM_ID}/${random(24)}/zulip-export-${randomBytes(8).toString('hex').slice(0, 8)}.tar.gz`;

/** POST /export/realm: answers the new export's `id`; the projection then queues its job. */
export function startExportHandler({ repo, realmExports }: UploadsDeps): CommandHandler<OperationData<typeof exportRealm>> {
  return {
    kind: 'command',
    schema: exportRealm.params,
    async handle({ data, actorId, now }) {
      const [state, counters] = await Promise.all([repo.realmExports(), repo.attachmentsCounters()]);
      const events = decideStartExport(state, {
        exportType: data.export_type,
        actorId: actorId!,
        now,
        uploadSpaceUsed: counters.spaceUsed,
        path: newExportPath(),
        supportEmail: realmExports.supportEmail,
        perWeek: realmExports.perWeek,
      });
      return { events, reply: { id: events[0]!.data.exportId } };
    },
    replyFrom: (events) => ({ id: events[0]?.data.exportId }),
  };
}

/** GET /export/realm. */
export function listExportsHandler({ repo, realmExports }: UploadsDeps): QueryHandler<OperationData<typeof getRealmExports>> {
  return {
    kind: 'query',
    schema: getRealmExports.params,
    async handle() {
      return { exports: realmExportViews((await repo.realmExports()).exports, realmExports.realmUrl) };
    },
  };
}

/** DELETE /export/realm/{export_id}; the projection then removes the archive. */
export function deleteExportHandler({ repo }: UploadsDeps): CommandHandler<OperationData<typeof deleteRealmExport>> {
  return {
    kind: 'command',
    schema: deleteRealmExport.params,
    async handle({ data, actorId, now }) {
      return { events: decideDeleteExport(await repo.realmExports(), data.export_id, actorId!, now), reply: {} };
    },
    replyFrom: () => ({}),
  };
}

/** `realm_export.complete`, sent by the export job. */
export function completeExportHandler({ repo }: UploadsDeps): CommandHandler<CompleteRealmExport> {
  return {
    kind: 'command',
    schema: CompleteRealmExport,
    async handle({ data, now }) {
      const events = decideCompleteExport(await repo.realmExports(), data, now);
      return { events, reply: { recorded: events.length > 0 } };
    },
    replyFrom: (events) => ({ recorded: events.length > 0 }),
  };
}

/** `realm_export.fail`, sent by the export job once it gives up. */
export function failExportHandler({ repo }: UploadsDeps): CommandHandler<FailRealmExport> {
  return {
    kind: 'command',
    schema: FailRealmExport,
    async handle({ data, now }) {
      const events = decideFailExport(await repo.realmExports(), data, now);
      return { events, reply: { recorded: events.length > 0 } };
    },
    replyFrom: (events) => ({ recorded: events.length > 0 }),
  };
}
