import { alertedUserIds, type AlertWordIndex } from '@zulip-es/message-flags';
import { MESSAGES_AGGREGATE, type MessageState } from '../message.state';
import { claimedPathIds } from '../../attachments/upload-claims';
import { detachedUploads, type DetachedUpload } from '../../attachments/detached-uploads';
import type { EditCheckState, EditedContent } from './edit-message.check';
import type { EventDraft } from './edit-message.decide';

const alertedField = (content: string, alertWords: AlertWordIndex | undefined, readerIds: readonly number[]) => {
  const alerted = alertedUserIds(content, alertWords, readerIds);
  return alerted.length > 0 ? { alertWordUserIds: alerted } : {};
};

/** Zulip's `do_update_message` for content: the edit's event, and the uploads it leaves unclaimed. */
export function contentEdit(
  message: MessageState,
  edited: EditedContent,
  state: EditCheckState,
  now: Date,
): { event: EventDraft; detached: DetachedUpload[] } {
  const { ctx, actor } = state;
  const { content, renderedContent } = edited;
  const { conversation } = message;
  const claims = claimedPathIds(content, ctx.realm.host, message.senderId, state.linkedUploads ?? {}, message.attachmentPathIds ?? []);
  const event: EventDraft = {
    type: 'message.content_edited.v1',
    aggregateId: MESSAGES_AGGREGATE,
    data: {
      messageId: message.messageId,
      editorId: actor.userId,
      content,
      renderedContent,
      prevContent: message.content,
      prevRenderedContent: message.renderedContent,
      editedAt: now.toISOString(),
      conversation,
      ...alertedField(
        content,
        state.alertWords,
        conversation.type === 'channel' ? (state.channel?.subscriberIds ?? []) : conversation.userIds,
      ),
      // Present when the message claims uploads before or after the edit (empty: it dropped them
      // all), so consumers that follow claims skip every other edit; with the send time, which
      // they need for a message that claims its first upload.
      ...(claims.length > 0 || (message.attachmentPathIds ?? []).length > 0
        ? { attachmentPathIds: [...claims], messageSentAt: new Date(message.timestamp * 1000).toISOString() }
        : {}),
    },
  };
  return { event, detached: detachedUploads(state.previousClaims ?? {}, claims, actor.userId) };
}
