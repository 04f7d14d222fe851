import { attachmentView, type DirectoryAttachment } from '../directory/attachments';
import { toOwner, type ClientEventsOf } from './client-event';

/** Zulip's `attachment` events go to the owner's clients, with the organization's space used after the change. */
const changed = (op: 'add' | 'update', attachment: DirectoryAttachment, spaceUsed: number) =>
  toOwner(attachment.ownerId, { type: 'attachment', op, attachment: attachmentView(attachment), upload_space_used: spaceUsed });

export const attachmentUploaded: ClientEventsOf<'attachment.uploaded.v1'> = ({ data }, directory) =>
  changed('add', { ...data, messages: new Map() }, directory.attachments.spaceUsed + data.size);

export const attachmentClaimed: ClientEventsOf<'attachment.claimed.v1'> = ({ data }, directory) => {
  const attachment = directory.attachments.get(data.attachmentId);
  if (!attachment) return [];
  return changed(
    'update',
    { ...attachment, messages: new Map([...attachment.messages, [data.messageId, data.dateSent]]) },
    directory.attachments.spaceUsed,
  );
};

export const attachmentUnclaimed: ClientEventsOf<'attachment.unclaimed.v1'> = ({ data }, directory) => {
  const attachment = directory.attachments.get(data.attachmentId);
  if (!attachment) return [];
  const messages = new Map(attachment.messages);
  messages.delete(data.messageId);
  return changed('update', { ...attachment, messages }, directory.attachments.spaceUsed);
};

export const attachmentRemoved: ClientEventsOf<'attachment.removed.v1'> = ({ data }, directory) =>
  toOwner(data.ownerId, {
    type: 'attachment',
    op: 'remove',
    attachment: { id: data.attachmentId },
    upload_space_used: directory.attachments.spaceUsed - data.size,
  });
