import { randomBytes } from 'node:crypto';
import { Controller, Inject } from '@nestjs/common';
import {
  COMPLETE_REALM_EXPORT,
  CompleteRealmExport,
  deleteRealmExport,
  exportRealm,
  FAIL_REALM_EXPORT,
  FailRealmExport,
  getRealmExports,
  REALM_EXPORT_KEY_PREFIX,
  REALM_ID,
  realmExportViews,
  type ReplyOf,
} from '@zulip-es/contracts';
import {
  CommandPattern,
  QueryPattern,
  type Decision,
  type MessageContext,
  type RecordedEvents,
  type OperationContext,
  type ReplyBody,
} from '@zulip-es/platform';
import { UPLOADS_DEPS, type UploadsDeps } from '../shared/uploads-deps';
import { decideCompleteExport, decideDeleteExport, decideFailExport, decideStartExport } from './realm-exports.decide';

/** URL-safe random characters, as Zulip's `secrets.token_urlsafe` gives them. */
const random = (chars: number): string => randomBytes(chars).toString('base64url').slice(0, chars);

/** The archive's key: `exports/<realm>/<24 random>/zulip-export-<8 random, lower case>.tar.gz`, Zulip's shape. */
export const newExportPath = (): string =>
  `${REALM_EXPORT_KEY_PREFIX}${REALM_ID}/${random(24)}/zulip-export-${randomBytes(8).toString('hex').slice(0, 8)}.tar.gz`;

/** The reply of a started export: its id, from its `realm_export.requested.v1`. */
export const startedExportId = (events: RecordedEvents): ReplyBody => ({ id: events[0]?.data.exportId });

/** The reply of the export job's commands: whether they recorded anything (an event). */
export const recordedAny = (events: readonly unknown[]): ReplyBody => ({ recorded: events.length > 0 });

@Controller()
export class RealmExportsHandler {
  constructor(@Inject(UPLOADS_DEPS) private readonly deps: UploadsDeps) {}

  /** POST /export/realm: answers the new export's `id`; the projection then queues its job. */
  @CommandPattern(exportRealm, { replyFrom: startedExportId })
  async start({ data, actorId, now }: OperationContext<typeof exportRealm>): Promise<Decision> {
    const { repo, realmExports } = this.deps;
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
  }

  /** GET /export/realm. */
  @QueryPattern(getRealmExports)
  async list(): Promise<ReplyOf<typeof getRealmExports>> {
    const { repo, realmExports } = this.deps;
    return { exports: realmExportViews((await repo.realmExports()).exports, realmExports.realmUrl) };
  }

  /** DELETE /export/realm/{export_id}; the projection then removes the archive. */
  @CommandPattern(deleteRealmExport)
  async delete({ data, actorId, now }: OperationContext<typeof deleteRealmExport>): Promise<Decision> {
    return { events: decideDeleteExport(await this.deps.repo.realmExports(), data.export_id, actorId!, now), reply: {} };
  }

  /** `realm_export.complete`, sent by the export job. */
  @CommandPattern({ type: COMPLETE_REALM_EXPORT, params: CompleteRealmExport }, { replyFrom: recordedAny })
  async complete({ data, now }: MessageContext<CompleteRealmExport>): Promise<Decision> {
    const events = decideCompleteExport(await this.deps.repo.realmExports(), data, now);
    return { events, reply: recordedAny(events) };
  }

  /** `realm_export.fail`, sent by the export job once it gives up. */
  @CommandPattern({ type: FAIL_REALM_EXPORT, params: FailRealmExport }, { replyFrom: recordedAny })
  async fail({ data, now }: MessageContext<FailRealmExport>): Promise<Decision> {
    const events = decideFailExport(await this.deps.repo.realmExports(), data, now);
    return { events, reply: recordedAny(events) };
  }
}
