import { ForgetDeletedMessages, SyncMessageClaims } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { AttachmentState, MessageClaims } from '../attachment.state';
import type { UploadsDeps } from '../../shared/uploads-deps';
import { decideForgetDeletedMessages, decideSyncMessageClaims } from './message-claims.decide';

const present = <T>(values: (T | null)[]): T[] => values.filter((v): v is T => v !== null);

/** `attachment.sync_message_claims`, relayed from a sent or edited message. */
export function syncMessageClaimsHandler({ repo }: UploadsDeps): CommandHandler<SyncMessageClaims> {
  return {
    kind: 'command',
    schema: SyncMessageClaims,
    async handle({ data }) {
      const [previous, claimed, counters] = await Promise.all([
        repo.claimsOf(data.messageId),
        Promise.all([...new Set(data.pathIds)].map((pathId) => repo.attachmentByPath(pathId))),
        repo.attachmentsCounters(),
      ]);
      return { events: decideSyncMessageClaims(data, previous, present(claimed), counters), reply: {} };
    },
    replyFrom: () => ({}),
  };
}

/** `attachment.forget_deleted_messages`, relayed from a deletion (one message, or a topic deletion's batch). */
export function forgetDeletedMessagesHandler({ repo, claiming }: UploadsDeps): CommandHandler<ForgetDeletedMessages> {
  return {
    kind: 'command',
    schema: ForgetDeletedMessages,
    async handle({ data }) {
      const counters = await repo.attachmentsCounters();
      const claimingNow = await claiming.atVersion(counters.version);
      const found: MessageClaims[] = present(
        await Promise.all(data.messageIds.filter((id) => claimingNow.has(id)).map((id) => repo.claimsOf(id))),
      );
      const attachmentIds = [...new Set(found.flatMap((c) => c.attachmentIds))];
      const attachments: AttachmentState[] = present(await Promise.all(attachmentIds.map((id) => repo.attachment(id))));
      return { events: decideForgetDeletedMessages(data, found, attachments, counters), reply: {} };
    },
    replyFrom: () => ({}),
  };
}
