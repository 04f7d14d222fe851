import { randomUUID } from 'node:crypto';
import { acceptInvite, commandsTopic, createInviteLink, Role, type CommandEnvelope, type Reply } from '@zulip-es/contracts';
import { createKafka, createLogger, RequestClient, StackEndpointsSchema } from '@zulip-es/platform';
import { api, createUser, invitationKeyIn, uniqueEmail, waitForMails, type TestUser } from '@zulip-es/testing';

/**
 * A command delivered again (a relay or the gateway sending the same command id after a crash)
 * is answered from the events it recorded the first time. These answers hold what derives from
 * the service's secret (an API key, a link's key), which no event holds.
 */
describe('invitation commands delivered again answer as the first time', () => {
  let client: RequestClient;
  let admin: TestUser;

  beforeAll(async () => {
    const logger = createLogger('invite-redelivery-spec', 'warn');
    const kafka = createKafka('invite-redelivery-spec', StackEndpointsSchema.parse(process.env).KAFKA_BROKERS, logger);
    client = new RequestClient(kafka, `invite-redelivery-spec-${randomUUID()}`, logger);
    [admin] = await Promise.all([createUser({ role: Role.ADMINISTRATOR }), client.start()]);
  });
  afterAll(async () => {
    await client.stop();
  });

  /** Sends the command `commandId` straight to the users service, as the gateway does. */
  async function send(commandId: string, type: string, actorId: number | null, data: Record<string, unknown>): Promise<Reply> {
    const envelope: CommandEnvelope = {
      commandId,
      type,
      kind: 'command',
      key: 'realm',
      correlationId: commandId,
      actorId,
      deadline: Date.now() + 15_000,
      replyTo: client.replyTo,
      after: [],
      data,
    };
    return client.request(commandsTopic('users'), envelope);
  }

  const bodyOf = (reply: Reply): Record<string, unknown> => {
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    return reply.body;
  };

  it('answers the same reusable link again, and creates one link', async () => {
    const commandId = randomUUID();
    const data = createInviteLink.params.parse({ invite_expires_in_minutes: 60 });
    const first = await send(commandId, createInviteLink.type, admin.userId, data);
    const again = await send(commandId, createInviteLink.type, admin.userId, data);
    expect(first).toMatchObject({ ok: true, body: { invite_link: expect.stringMatching(/\/join\/[a-z0-9]{24}\/$/) } });
    expect(again).toEqual(first);
    const link = bodyOf(first).invite_link;
    const invites = (await api('GET', '/invites', { auth: admin })).body.invites as { is_multiuse: boolean; link_url?: string }[];
    expect(invites.filter((i) => i.is_multiuse && i.link_url === link)).toHaveLength(1);
  });

  it("answers the same API key again for an accepted invitation, the one the new user's password fetches", async () => {
    const email = uniqueEmail('redelivered-accept');
    const invited = await api('POST', '/invites', {
      auth: admin,
      params: { invitee_emails: email, stream_ids: [], invite_as: Role.MEMBER, include_realm_default_subscriptions: false },
    });
    expect(invited.status).toBe(200);
    const key = invitationKeyIn((await waitForMails(email))[0]);
    const commandId = randomUUID();
    const data = { key, full_name: 'Accepted twice', password: 'a-good-password' };
    const first = await send(commandId, acceptInvite.type, null, data);
    const again = await send(commandId, acceptInvite.type, null, data);
    expect(first).toMatchObject({ ok: true, body: { email, api_key: expect.any(String), user_id: expect.any(Number) } });
    // The same answer; an answer rebuilt from the outcome carries the events' positions only.
    const withoutCredentialsPosition = (reply: typeof first) => ({
      ...reply,
      positions: (reply as { positions?: { topic: string }[] }).positions?.filter((p) => p.topic !== 'users.credentials'),
    });
    expect(again).toEqual(withoutCredentialsPosition(first));
    const fetched = await api('POST', '/fetch_api_key', { params: { username: email, password: 'a-good-password' } });
    expect(fetched.body).toMatchObject({ result: 'success', api_key: bodyOf(first).api_key });
  });
});
