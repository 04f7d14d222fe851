import {
  FORGET_DELETED_MESSAGES,
  MessageContentEditedV1,
  MessageSentV1,
  MessagesDeletedV1,
  SYNC_MESSAGE_CLAIMS,
  type EventEnvelope,
  type ForgetDeletedMessages,
  type SyncMessageClaims,
} from '@zulip-es/contracts';
import type { EventRelayOptions, RelayedCommand } from '@zulip-es/platform';
import type { ClaimingMessages } from '../../projection/claiming-messages';
import type { UploadsRepository } from '../../projection/uploads.repository';

const command = (event: EventEnvelope, type: string, data: SyncMessageClaims | ForgetDeletedMessages): RelayedCommand => ({
  commandId: `claims:${event.eventId}`,
  type,
  key: 'realm',
  data,
});

/**
 * The messages events that change which messages claim uploads, turned into commands of this
 * service. A sent message or an edit that claims nothing and claimed nothing asks for nothing; a
 * deletion asks only for those of its messages that claim uploads now. Every earlier event of
 * the topic was relayed and applied before (the relay waits for each reply), so the claims of
 * the deleted messages are known, at the version the store stands at.
 */
export const messageClaimsRelay = (
  repo: Pick<UploadsRepository, 'attachmentsCounters'>,
  claiming: ClaimingMessages,
): EventRelayOptions => ({
  groupId: 'uploads-message-claims',
  from: 'messages',
  to: 'uploads',
  eventTypes: ['message.sent.v1', 'message.content_edited.v1', 'messages.deleted.v1'],
  toCommand: async (event) => {
    switch (event.type) {
      case 'message.sent.v1': {
        const { messageId, sentAt, attachmentPathIds } = MessageSentV1.shape.data.parse(event.data);
        return attachmentPathIds?.length
          ? command(event, SYNC_MESSAGE_CLAIMS, { messageId, dateSent: sentAt, pathIds: attachmentPathIds })
          : null;
      }
      case 'message.content_edited.v1': {
        // Present when the message claims uploads before or after the edit (then possibly empty).
        const { messageId, messageSentAt, attachmentPathIds } = MessageContentEditedV1.shape.data.parse(event.data);
        return attachmentPathIds
          ? command(event, SYNC_MESSAGE_CLAIMS, { messageId, dateSent: messageSentAt, pathIds: attachmentPathIds })
          : null;
      }
      case 'messages.deleted.v1': {
        const claimingNow = await claiming.atVersion((await repo.attachmentsCounters()).version);
        const messageIds = MessagesDeletedV1.shape.data.parse(event.data).messageIds.filter((id) => claimingNow.has(id));
        return messageIds.length > 0 ? command(event, FORGET_DELETED_MESSAGES, { messageIds }) : null;
      }
      default:
        return null;
    }
  },
});
