import type { AttachmentState, MessageClaims } from '../attachment.state';
import { decideForgetDeletedMessages, decideSyncMessageClaims } from './message-claims.decide';

const counters = { version: 10, lastAttachmentId: 9, spaceUsed: 100 };
const SENT = '2026-11-22T10:00:00.000Z';
const attachment = (attachmentId: number, messages: number[] = []): AttachmentState => ({
  attachmentId,
  ownerId: 7,
  pathId: `1/ab/${'x'.repeat(23)}${attachmentId}/f${attachmentId}.txt`,
  name: `f${attachmentId}.txt`,
  size: attachmentId,
  contentType: 'text/plain',
  createdAt: SENT,
  messages: messages.map((messageId) => ({ messageId, dateSent: SENT })),
});
const claims = (messageId: number, attachmentIds: number[]): MessageClaims => ({ messageId, attachmentIds, dateSent: SENT });
const types = (events: { type: string; data: Record<string, unknown> }[]) => events.map((e) => [e.type, e.data.attachmentId]);

describe("a message's claims on uploads", () => {
  it('a sent message claims its uploads, as the next events of the attachments aggregate', () => {
    expect(decideSyncMessageClaims({ messageId: 50, dateSent: SENT, pathIds: [] }, null, [attachment(2), attachment(1)], counters)).toEqual(
      [
        {
          type: 'attachment.claimed.v1',
          aggregateId: 'attachments',
          sequence: 11,
          data: { attachmentId: 1, messageId: 50, dateSent: SENT },
        },
        {
          type: 'attachment.claimed.v1',
          aggregateId: 'attachments',
          sequence: 12,
          data: { attachmentId: 2, messageId: 50, dateSent: SENT },
        },
      ],
    );
  });

  it('an edit claims what it added and releases what it dropped, keeping the date the message was sent', () => {
    const events = decideSyncMessageClaims({ messageId: 50, pathIds: [] }, claims(50, [1, 2]), [attachment(2), attachment(3)], counters);
    expect(types(events)).toEqual([
      ['attachment.claimed.v1', 3],
      ['attachment.unclaimed.v1', 1],
    ]);
    const [claimed] = events;
    expect(claimed.type === 'attachment.claimed.v1' && claimed.data.dateSent).toBe(SENT);
  });

  it('an edit that changes nothing, or a repeated sync, decides nothing', () => {
    expect(decideSyncMessageClaims({ messageId: 50, pathIds: [] }, claims(50, [1]), [attachment(1)], counters)).toEqual([]);
  });

  it('a message whose send date is unknown claims nothing new (an edit of a message that never claimed, from an event without it)', () => {
    expect(decideSyncMessageClaims({ messageId: 50, pathIds: [] }, null, [attachment(1)], counters)).toEqual([]);
  });
});

describe('deleted messages and their uploads', () => {
  it('release what they claimed, and an upload no other message claims is removed after its last release', () => {
    const events = decideForgetDeletedMessages(
      { messageIds: [50, 51] },
      [claims(50, [1, 2]), claims(51, [2])],
      [attachment(1, [50, 60]), attachment(2, [50, 51])],
      counters,
    );
    expect(types(events)).toEqual([
      ['attachment.unclaimed.v1', 1],
      ['attachment.unclaimed.v1', 2],
      ['attachment.unclaimed.v1', 2],
      ['attachment.removed.v1', 2],
    ]);
    expect(events.at(-1)).toMatchObject({ sequence: 14, data: { attachmentId: 2, ownerId: 7, size: 2, reason: 'messages_deleted' } });
  });

  it('skip uploads already gone, and messages that claimed nothing', () => {
    expect(decideForgetDeletedMessages({ messageIds: [50, 52] }, [claims(50, [3])], [], counters)).toEqual([]);
  });
});
