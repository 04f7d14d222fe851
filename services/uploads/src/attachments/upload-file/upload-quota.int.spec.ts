import { randomBytes, randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { EventEnvelope } from '@zulip-es/contracts';
import { connectMongo, StackEndpointsSchema } from '@zulip-es/platform';
import { ClaimingMessages } from '../../projection/claiming-messages';
import { UploadsProjection } from '../../projection/uploads.projection';
import { UploadsRepository } from '../../projection/uploads.repository';
import { UploadFileHandler } from './upload-file.handler';

const MIB = 1024 * 1024;

/**
 * The upload command against the organization's space as the real projection keeps it, in a
 * database of its own: the shared test organization's quota is far from full.
 */
describe('the organization’s upload quota', () => {
  const { MONGO_URL } = StackEndpointsSchema.parse(process.env);
  let db: Connection;
  let repo: UploadsRepository;
  let projection: UploadsProjection;

  beforeAll(async () => {
    db = await connectMongo(MONGO_URL, `uploads_quota_${randomBytes(4).toString('hex')}`);
    repo = new UploadsRepository(db);
    projection = new UploadsProjection(repo);
  });
  afterAll(async () => {
    await db.dropDatabase();
    await db.close();
  });

  const upload = async (size: number) => {
    const handler = new UploadFileHandler(
      {
        repo,
        maxFileUploadSizeMib: 25,
        uploadQuotaMib: 2,
        claiming: new ClaimingMessages(repo),
        realmExports: { realmUrl: 'http://127.0.0.1', supportEmail: 'zulip-admin@127.0.0.1', perWeek: 5 },
      },
      { thumbnail: async () => undefined },
    );
    const file = { pathId: `1/ab/${randomBytes(12).toString('hex')}/f.bin`, name: 'f.bin', size, contentType: 'application/octet-stream' };
    const { events } = await handler.upload({ commandId: randomUUID(), correlationId: 'c', actorId: 7, data: { file }, now: new Date() });
    for (const event of events) {
      const envelope: EventEnvelope = {
        ...event,
        eventId: randomUUID(),
        time: new Date().toISOString(),
        actorId: 7,
        correlationId: 'c',
        causationId: 'c',
      };
      await projection.apply(envelope);
    }
    return events[0]!.data as { attachmentId: number; pathId: string; size: number };
  };

  it('takes uploads up to the quota, refuses one past it with Zulip’s error, and takes it again once space is freed', async () => {
    const first = await upload(MIB);
    await upload(MIB - 10);
    await expect(upload(11)).rejects.toMatchObject({
      code: 'REALM_UPLOAD_QUOTA',
      status: 400,
      msg: "Upload would exceed your organization's upload quota.",
    });
    expect((await repo.attachmentsCounters()).spaceUsed).toBe(2 * MIB - 10);

    const removed: EventEnvelope = {
      eventId: randomUUID(),
      type: 'attachment.removed.v1',
      aggregateId: 'attachments',
      sequence: (await repo.attachmentsCounters()).version + 1,
      time: new Date().toISOString(),
      actorId: 7,
      correlationId: 'c',
      causationId: 'c',
      data: { attachmentId: first.attachmentId, ownerId: 7, pathId: first.pathId, size: first.size },
    };
    await projection.apply(removed);
    await expect(upload(11)).resolves.toMatchObject({ size: 11 });
  });
});
