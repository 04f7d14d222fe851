import { Controller, Inject } from '@nestjs/common';
import { FORGET_DELETED_MESSAGES, ForgetDeletedMessages, SYNC_MESSAGE_CLAIMS, SyncMessageClaims } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import type { AttachmentState, MessageClaims } from '../attachment.state';
import { UPLOADS_DEPS, type UploadsDeps } from '../../shared/uploads-deps';
import { decideForgetDeletedMessages, decideSyncMessageClaims } from './message-claims.decide';

const present = <T>(values: (T | null)[]): T[] => values.filter((v): v is T => v !== null);

/** The commands the message claims relay sends: which messages claim which uploads. */
@Controller()
export class MessageClaimsHandler {
  constructor(@Inject(UPLOADS_DEPS) private readonly deps: UploadsDeps) {}

  /** `attachment.sync_message_claims`, relayed from a sent or edited message. */
  @CommandPattern({ type: SYNC_MESSAGE_CLAIMS, params: SyncMessageClaims })
  async sync({ data }: MessageContext<SyncMessageClaims>): Promise<Decision> {
    const { repo } = this.deps;
    const [previous, claimed, counters] = await Promise.all([
      repo.claimsOf(data.messageId),
      Promise.all([...new Set(data.pathIds)].map((pathId) => repo.attachmentByPath(pathId))),
      repo.attachmentsCounters(),
    ]);
    return { events: decideSyncMessageClaims(data, previous, present(claimed), counters), reply: {} };
  }

  /** `attachment.forget_deleted_messages`, relayed from a deletion (one message, or a topic deletion's batch). */
  @CommandPattern({ type: FORGET_DELETED_MESSAGES, params: ForgetDeletedMessages })
  async forgetDeleted({ data }: MessageContext<ForgetDeletedMessages>): Promise<Decision> {
    const { repo, claiming } = this.deps;
    const counters = await repo.attachmentsCounters();
    const claimingNow = await claiming.atVersion(counters.version);
    const found: MessageClaims[] = present(
      await Promise.all(data.messageIds.filter((id) => claimingNow.has(id)).map((id) => repo.claimsOf(id))),
    );
    const attachmentIds = [...new Set(found.flatMap((c) => c.attachmentIds))];
    const attachments: AttachmentState[] = present(await Promise.all(attachmentIds.map((id) => repo.attachment(id))));
    return { events: decideForgetDeletedMessages(data, found, attachments, counters), reply: {} };
  }
}
