import type { EventEnvelope } from '@zulip-es/contracts';
import { AttachmentsReadModel } from './attachments-read-model';

let sequence = 0;
const uploadsEvent = (type: string, data: Record<string, unknown>): EventEnvelope => ({
  eventId: '00000000-0000-4000-8000-000000000000',
  type,
  aggregateId: 'attachments',
  sequence: ++sequence,
  time: '2026-02-01T00:00:00.000Z',
  actorId: 4,
  correlationId: 'c',
  causationId: 'c',
  data,
});

const PATH = '1/ab/AAAAAAAAAAAAAAAAAAAAAAAA/notes.txt';

describe("the messages service's copy of the uploads domain", () => {
  it('keeps each uploaded file by path id, and forgets a removed one', () => {
    const model = new AttachmentsReadModel();
    model.apply(
      uploadsEvent('attachment.uploaded.v1', {
        attachmentId: 3,
        ownerId: 4,
        pathId: PATH,
        name: 'notes.txt',
        size: 12,
        contentType: 'text/plain',
        createdAt: '2026-02-01T00:00:00.000Z',
      }),
    );
    expect(model.attachment(PATH)).toEqual({
      attachmentId: 3,
      ownerId: 4,
      pathId: PATH,
      name: 'notes.txt',
      size: 12,
      contentType: 'text/plain',
      createdAt: '2026-02-01T00:00:00.000Z',
    });
    model.apply(uploadsEvent('attachment.removed.v1', { attachmentId: 3, ownerId: 4, pathId: PATH, size: 12 }));
    expect(model.attachment(PATH)).toBeUndefined();
  });

  it('ignores event types it does not know', () => {
    const model = new AttachmentsReadModel();
    model.apply(uploadsEvent('attachment.renamed.v9', { pathId: PATH }));
    expect(model.attachment(PATH)).toBeUndefined();
  });
});
