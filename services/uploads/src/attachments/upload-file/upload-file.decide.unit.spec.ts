import type { StoredFile } from '@zulip-es/contracts';
import { NO_ATTACHMENTS } from '../attachment.state';
import { decideUploadFile } from './upload-file.decide';

const file: StoredFile = { pathId: '1/4e/m2A3MSqFnWRLUf9SaPzQ0Up_/zulip.txt', name: 'zulip.txt', size: 6, contentType: 'text/plain' };
const MIB = 1024 * 1024;
const ctx = { actorId: 7, now: new Date('2026-11-22T10:00:00Z'), maxFileUploadSizeMib: 1, uploadQuotaMib: 3 };

describe('recording an uploaded file', () => {
  it("makes it the uploader's next attachment, the next event of the attachments aggregate", () => {
    expect(decideUploadFile({ file }, { version: 4, lastAttachmentId: 9, spaceUsed: 100 }, ctx)).toEqual([
      {
        type: 'attachment.uploaded.v1',
        aggregateId: 'attachments',
        sequence: 5,
        data: { ...file, attachmentId: 10, ownerId: 7, createdAt: '2026-11-22T10:00:00.000Z' },
      },
    ]);
  });

  it("takes a file of exactly the limit and refuses one byte more, with Zulip's message", () => {
    expect(decideUploadFile({ file: { ...file, size: 1024 * 1024 } }, NO_ATTACHMENTS, ctx)).toHaveLength(1);
    expect(() => decideUploadFile({ file: { ...file, size: 1024 * 1024 + 1 } }, NO_ATTACHMENTS, ctx)).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST', msg: "File is larger than this server's configured maximum upload size (1 MiB)." }),
    );
  });

  it("takes a file that fills the organization's quota exactly, and refuses one byte past it", () => {
    const full = { version: 4, lastAttachmentId: 9, spaceUsed: 3 * MIB - 6 };
    expect(decideUploadFile({ file }, full, ctx)).toHaveLength(1);
    expect(() => decideUploadFile({ file }, { ...full, spaceUsed: full.spaceUsed + 1 }, ctx)).toThrow(
      expect.objectContaining({ code: 'REALM_UPLOAD_QUOTA', status: 400, msg: "Upload would exceed your organization's upload quota." }),
    );
  });
});
