import { randomBytes, randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { EventEnvelope } from '@zulip-es/contracts';
import { connectMongo, StackEndpointsSchema, type NewEvent } from '@zulip-es/platform';
import { ClaimingMessages } from '../projection/claiming-messages';
import { UploadsProjection } from '../projection/uploads.projection';
import { UploadsRepository } from '../projection/uploads.repository';
import { CollectUnclaimedHandler } from './collect-unclaimed.handler';

/**
 * The handler against the real store, in a database of its own: garbage collection with a cutoff
 * in the future would take the shared test organization's fresh uploads too.
 */
describe('collecting uploads no message claimed (the command the garbage collection job sends)', () => {
  const { MONGO_URL } = StackEndpointsSchema.parse(process.env);
  let db: Connection;
  let repo: UploadsRepository;
  let projection: UploadsProjection;
  let sequence = 0;
  const apply = async (type: string, data: Record<string, unknown>) => {
    const envelope: EventEnvelope = {
      eventId: randomUUID(),
      type,
      aggregateId: 'attachments',
      sequence: ++sequence,
      time: new Date().toISOString(),
      actorId: null,
      correlationId: 'c',
      causationId: 'c',
      data,
    };
    await projection.apply(envelope);
  };
  const uploaded = (attachmentId: number, createdAt: string) =>
    apply('attachment.uploaded.v1', {
      attachmentId,
      ownerId: 7,
      pathId: `1/ab/${'x'.repeat(23)}${attachmentId}/f.txt`,
      name: 'f.txt',
      size: 10,
      contentType: 'text/plain',
      createdAt,
    });

  beforeAll(async () => {
    db = await connectMongo(MONGO_URL, `uploads_gc_${randomBytes(4).toString('hex')}`);
    repo = new UploadsRepository(db);
    projection = new UploadsProjection(repo);
  });
  afterAll(async () => {
    await db.dropDatabase();
    await db.close();
  });

  it('removes old uploads never claimed, and keeps recent ones and any a message ever claimed', async () => {
    await uploaded(1, '2026-10-01T00:00:00.000Z'); // old, never claimed: goes
    await uploaded(2, '2026-10-01T00:00:00.000Z'); // old, claimed
    await uploaded(3, '2026-10-01T00:00:00.000Z'); // old, claimed then dropped by an edit
    await uploaded(4, '2026-11-20T00:00:00.000Z'); // recent, never claimed
    await apply('attachment.claimed.v1', { attachmentId: 2, messageId: 50, dateSent: '2026-10-02T00:00:00.000Z' });
    await apply('attachment.claimed.v1', { attachmentId: 3, messageId: 51, dateSent: '2026-10-02T00:00:00.000Z' });
    await apply('attachment.unclaimed.v1', { attachmentId: 3, messageId: 51 });

    const decision = await new CollectUnclaimedHandler({
      repo,
      maxFileUploadSizeMib: 25,
      uploadQuotaMib: 10_240,
      claiming: new ClaimingMessages(repo),
      realmExports: { realmUrl: 'http://127.0.0.1', supportEmail: 'zulip-admin@127.0.0.1', perWeek: 5 },
    }).collect({
      commandId: 'gc',
      correlationId: 'gc',
      actorId: null,
      data: { uploadedBefore: '2026-11-01T00:00:00.000Z' },
      now: new Date(),
    });

    expect(decision.events).toEqual([
      {
        type: 'attachment.removed.v1',
        aggregateId: 'attachments',
        sequence: 8,
        data: { attachmentId: 1, ownerId: 7, pathId: `1/ab/${'x'.repeat(23)}1/f.txt`, size: 10, reason: 'unclaimed' },
      },
    ] satisfies NewEvent[]);
    expect(decision.reply).toEqual({ removed: 1 });
  });
});
