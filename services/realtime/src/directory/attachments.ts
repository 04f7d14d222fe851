import type { DomainEventOf } from '../domain-event';

/** An uploaded file as its owner's clients are told of it. */
export interface DirectoryAttachment {
  attachmentId: number;
  ownerId: number;
  name: string;
  pathId: string;
  size: number;
  createdAt: string;
  /** Message id → when it was sent. */
  messages: Map<number, string>;
}

type AttachmentEvent = DomainEventOf<
  'attachment.uploaded.v1' | 'attachment.claimed.v1' | 'attachment.unclaimed.v1' | 'attachment.removed.v1'
>;

/** The organization's attachments and the bytes they take (Zulip's `upload_space_used`). */
export class Attachments {
  private readonly byId = new Map<number, DirectoryAttachment>();
  spaceUsed = 0;

  get(attachmentId: number): DirectoryAttachment | undefined {
    return this.byId.get(attachmentId);
  }

  apply(event: AttachmentEvent): void {
    switch (event.type) {
      case 'attachment.uploaded.v1': {
        const { attachmentId, ownerId, name, pathId, size, createdAt } = event.data;
        this.byId.set(attachmentId, { attachmentId, ownerId, name, pathId, size, createdAt, messages: new Map() });
        this.spaceUsed += size;
        return;
      }
      case 'attachment.claimed.v1':
        this.byId.get(event.data.attachmentId)?.messages.set(event.data.messageId, event.data.dateSent);
        return;
      case 'attachment.unclaimed.v1':
        this.byId.get(event.data.attachmentId)?.messages.delete(event.data.messageId);
        return;
      case 'attachment.removed.v1':
        if (this.byId.delete(event.data.attachmentId)) this.spaceUsed -= event.data.size;
        return;
    }
  }
}

/** Zulip's `datetime_to_timestamp(...) * 1000`: whole seconds, in milliseconds. */
const wholeSecondsMs = (iso: string): number => Math.floor(Date.parse(iso) / 1000) * 1000;

/** Zulip's attachment dictionary, as `GET /attachments` shows it. */
export const attachmentView = (a: DirectoryAttachment) => ({
  id: a.attachmentId,
  name: a.name,
  path_id: a.pathId,
  size: a.size,
  create_time: wholeSecondsMs(a.createdAt),
  messages: [...a.messages].map(([id, dateSent]) => ({ id, date_sent: wholeSecondsMs(dateSent) })),
});
