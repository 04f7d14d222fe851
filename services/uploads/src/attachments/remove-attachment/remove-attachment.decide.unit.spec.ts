import type { AttachmentState } from '../attachment.state';
import { decideRemoveAttachment } from './remove-attachment.decide';

const attachment: AttachmentState = {
  attachmentId: 3,
  ownerId: 7,
  pathId: '1/4e/m2A3MSqFnWRLUf9SaPzQ0Up_/zulip.txt',
  name: 'zulip.txt',
  size: 6,
  contentType: 'text/plain',
  createdAt: '2026-11-22T10:00:00.000Z',
};
const counters = { version: 8, lastAttachmentId: 5, spaceUsed: 60 };
const invalid = expect.objectContaining({ code: 'BAD_REQUEST', msg: 'Invalid attachment' });

describe('removing an attachment (E17)', () => {
  it("removes the owner's attachment as the next event of the attachments aggregate", () => {
    expect(decideRemoveAttachment(attachment, counters, 7)).toEqual([
      {
        type: 'attachment.removed.v1',
        aggregateId: 'attachments',
        sequence: 9,
        data: { attachmentId: 3, ownerId: 7, pathId: attachment.pathId, size: 6 },
      },
    ]);
  });

  it("refuses another user's attachment", () => {
    expect(() => decideRemoveAttachment(attachment, counters, 8)).toThrow(invalid);
  });

  it('refuses an id that is no attachment', () => {
    expect(() => decideRemoveAttachment(null, counters, 7)).toThrow(invalid);
  });
});
