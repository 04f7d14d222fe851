import type { Connection } from 'mongoose';
import {
  MAX_DRAFT_CONTENT_LENGTH,
  MAX_DRAFT_RECIPIENTS,
  MAX_DRAFT_TOPIC_LENGTH,
  MAX_DRAFTS_PER_REQUEST,
  MAX_DRAFTS_PER_USER,
  MAX_MESSAGE_LENGTH,
} from '@zulip-es/contracts';
import { connectMongo, StackEndpointsSchema } from '@zulip-es/platform';
import { api, createUser } from '@zulip-es/testing';
import { MessagesRepository } from '../../projection/messages.repository';
import { badRequest, draftParams, draftsOf, saveDraft, saveDrafts } from '../../testing/drafts.fixtures';
import { MESSAGES_DATABASE } from '../../projection/messages.projection';

const many = (count: number, overrides: Record<string, unknown> = {}) =>
  Array.from({ length: count }, (_, i) => draftParams({ content: `draft ${i}`, ...overrides }));

describe('drafts are bounded: per request, per draft and per user', () => {
  let db: Connection;
  let repo: MessagesRepository;
  beforeAll(async () => {
    db = await connectMongo(StackEndpointsSchema.parse(process.env).MONGO_URL, MESSAGES_DATABASE);
    repo = new MessagesRepository(db);
  });
  afterAll(async () => {
    await db.close();
  });

  it.each([
    ['too many drafts', many(MAX_DRAFTS_PER_REQUEST + 1), `drafts is too long (limit: ${MAX_DRAFTS_PER_REQUEST} items)`],
    [
      'a content too long even to be cut',
      [draftParams({ content: 'c'.repeat(MAX_DRAFT_CONTENT_LENGTH + 1) })],
      `drafts[0]["content"] is too long (limit: ${MAX_DRAFT_CONTENT_LENGTH} characters)`,
    ],
    [
      'a topic too long even to be cut',
      [draftParams({ topic: 't'.repeat(MAX_DRAFT_TOPIC_LENGTH + 1) })],
      `drafts[0]["topic"] is too long (limit: ${MAX_DRAFT_TOPIC_LENGTH} characters)`,
    ],
    [
      'too many recipients',
      [draftParams({ type: 'private', to: Array.from({ length: MAX_DRAFT_RECIPIENTS + 1 }, (_, i) => i + 1) })],
      `drafts[0]["to"] is too long (limit: ${MAX_DRAFT_RECIPIENTS} items)`,
    ],
  ])('POST /drafts refuses %s and saves nothing', async (_case, drafts, msg) => {
    const user = await createUser();
    const res = await saveDrafts(user, drafts);
    expect([res.status, res.body]).toEqual([400, badRequest(msg)]);
    expect(await draftsOf(user)).toEqual([]);
  });

  it('PATCH /drafts/{draft_id} refuses a content too long even to be cut and keeps the draft', async () => {
    const user = await createUser();
    const id = await saveDraft(user, { content: 'kept' });
    const res = await api('PATCH', `/drafts/${id}`, {
      auth: user,
      params: { draft: draftParams({ content: 'c'.repeat(MAX_DRAFT_CONTENT_LENGTH + 1) }) },
    });
    expect(res.body).toEqual(badRequest(`draft["content"] is too long (limit: ${MAX_DRAFT_CONTENT_LENGTH} characters)`));
    expect((await draftsOf(user)).map((d) => d.content)).toEqual(['kept']);
  });

  it(`keeps at most ${MAX_DRAFTS_PER_USER} drafts a user, each in a document of its own, and refuses a request past that whole`, async () => {
    const user = await createUser({ label: 'many-drafts' });
    for (let saved = 0; saved < MAX_DRAFTS_PER_USER - 1; saved += MAX_DRAFTS_PER_REQUEST) {
      const res = await saveDrafts(user, many(Math.min(MAX_DRAFTS_PER_REQUEST, MAX_DRAFTS_PER_USER - 1 - saved)));
      expect(res.status).toBe(200);
    }
    const refused = await saveDrafts(user, many(2));
    expect([refused.status, refused.body]).toEqual([
      400,
      badRequest(`You may keep at most ${MAX_DRAFTS_PER_USER} drafts: you have ${MAX_DRAFTS_PER_USER - 1}, and this request saves 2 more.`),
    ]);
    expect((await draftsOf(user)).length).toBe(MAX_DRAFTS_PER_USER - 1);

    const last = await saveDraft(user, { content: 'the last one' });
    expect((await saveDrafts(user, many(1))).body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    // Deleting one makes room again.
    expect((await api('DELETE', `/drafts/${last}`, { auth: user })).status).toBe(200);
    expect((await saveDrafts(user, many(1))).status).toBe(200);

    const own = await repo.userDrafts.findOne({ _id: `drafts:${user.userId}` });
    expect(own).toMatchObject({ userId: user.userId, lastDraftNumber: MAX_DRAFTS_PER_USER + 1 });
    expect(own!.draftNumbers).toHaveLength(MAX_DRAFTS_PER_USER);
    expect(own).not.toHaveProperty('drafts');
    expect(await repo.drafts.findOne({ _id: `draft:${user.userId}:1` })).toMatchObject({ content: 'draft 0' });
  }, 120_000);

  it('answers the largest requests with a success or a Zulip-shaped error, and goes on answering', async () => {
    const user = await createUser({ label: 'largest-drafts' });
    // The largest the contract takes is past the gateway's body limit.
    const largest = await saveDrafts(user, many(MAX_DRAFTS_PER_REQUEST, { content: 'c'.repeat(MAX_DRAFT_CONTENT_LENGTH) }));
    // Below the body limit, as much as a request carries: its events are too large to store in one append.
    const nearly = await saveDrafts(user, many(MAX_DRAFTS_PER_REQUEST, { content: 'c'.repeat(MAX_MESSAGE_LENGTH) }));
    for (const res of [largest, nearly]) {
      expect(res.status).toBeLessThan(500);
      if (res.status !== 200)
        expect(res.body).toEqual({
          result: 'error',
          code: expect.any(String),
          msg: expect.any(String),
          ...(res.body.max_bytes ? { bytes: expect.any(Number), max_bytes: expect.any(Number) } : {}),
        });
    }
    expect([largest.status, nearly.status]).toEqual([413, 400]);
    expect(await draftsOf(user)).toEqual([]);
    const saved = await saveDrafts(user, many(MAX_DRAFTS_PER_REQUEST / 2, { content: 'c'.repeat(MAX_MESSAGE_LENGTH) }));
    expect(saved.status).toBe(200);
    expect((await draftsOf(user)).map((d) => d.content.length)).toEqual(
      Array.from({ length: MAX_DRAFTS_PER_REQUEST / 2 }, () => MAX_MESSAGE_LENGTH),
    );
  }, 60_000);
});
