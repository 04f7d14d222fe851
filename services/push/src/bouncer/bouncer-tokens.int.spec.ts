import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { connectMongo, createLogger, StackEndpointsSchema } from '@zulip-es/platform';
import { FakePushProviders, FakeProvidersClient } from '@zulip-es/testing';
import { BouncerTokens } from './bouncer-tokens';
import { notifyUser } from './notify-user';
import { DEV_DELIVERIES, DevelopmentProvider, type DevDelivery } from './providers/dev-provider';
import { FcmProvider } from './providers/fcm-provider';

const SERVER = 'server-a';
const USER = 11;
const token = (token: string, sequence: number, kind: 'fcm' | 'apns' = 'fcm') => ({
  user_id: USER,
  token_kind: kind,
  token,
  ios_app_id: kind === 'apns' ? 'org.zulip.Zulip' : null,
  sequence,
});
const payloads = { apns: { aps: { alert: 'hi' } }, fcm: { event: 'test' } };

describe("the bouncer's legacy tokens and notifications", () => {
  let db: Connection;
  let tokens: BouncerTokens;
  beforeAll(async () => {
    db = await connectMongo(StackEndpointsSchema.parse(process.env).MONGO_URL, `push_bouncer_${randomBytes(4).toString('hex')}`);
    tokens = new BouncerTokens(db);
  });
  afterAll(async () => {
    await db.db!.dropDatabase();
    await db.close();
  });

  it('keeps the newest call about a token, whatever order the calls arrive in', async () => {
    await tokens.apply(SERVER, token('t1', 2), true);
    await tokens.apply(SERVER, token('t1', 1), false); // an older removal, retried late
    expect((await tokens.activeOf(SERVER, USER)).map((t) => t.token)).toEqual(['t1']);
    await tokens.apply(SERVER, token('t1', 3), false);
    await tokens.apply(SERVER, token('t1', 2), true); // the add, retried after the removal
    expect(await tokens.activeOf(SERVER, USER)).toEqual([]);
    expect(await tokens.activeOf('server-b', USER)).toEqual([]);
  });

  it('loses no call made at the same time about tokens of one user', async () => {
    await Promise.all(Array.from({ length: 12 }, (_, i) => tokens.apply(SERVER, { ...token(`c${i}`, 1), user_id: 12 }, true)));
    expect((await tokens.activeOf(SERVER, 12)).map((t) => t.token).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `c${i}`).sort());
  });

  describe('notifying a user', () => {
    let fake: FakePushProviders;
    let fcm: FcmProvider;
    beforeAll(async () => {
      fake = await FakePushProviders.start();
      fcm = new FcmProvider({ url: fake.url, serviceAccount: fake.credentials.fcmServiceAccount });
    });
    afterAll(async () => {
      fcm.close();
      await fake.close();
    });
    const logger = createLogger('bouncer-test', 'silent');

    it('pushes to each active token, reports named devices it does not know, and forgets the ones the provider calls dead', async () => {
      const user = 21;
      for (const [t, seq] of [
        ['alive', 1],
        ['dead', 2],
        ['removed', 3],
      ] as const)
        await tokens.apply(SERVER, { ...token(t, seq), user_id: user }, true);
      await tokens.apply(SERVER, { ...token('removed', 4), user_id: user }, false);
      await new FakeProvidersClient(fake.url).markDead('dead');

      const named = [
        { kind: 'fcm' as const, token: 'alive' },
        { kind: 'fcm' as const, token: 'dead' },
        { kind: 'fcm' as const, token: 'removed' },
      ];
      const reply = await notifyUser(SERVER, { user_id: user, payloads, devices: named }, { tokens, providers: { fcm }, logger });

      expect(reply).toEqual({
        result: 'success',
        sent: { fcm: 1, apns: 0 },
        unknown_devices: [{ kind: 'fcm', token: 'removed' }],
        deleted_devices: [{ kind: 'fcm', token: 'dead' }],
      });
      expect((await tokens.activeOf(SERVER, user)).map((t) => t.token)).toEqual(['alive']);
      // Forgotten: an older add, retried, does not bring it back.
      await tokens.apply(SERVER, { ...token('dead', 2), user_id: user }, true);
      expect((await tokens.activeOf(SERVER, user)).map((t) => t.token)).toEqual(['alive']);
    });

    it('skips a kind with no provider, and records pushes of the development provider for operators to read', async () => {
      const user = 22;
      await tokens.apply(SERVER, { ...token('c0ffee', 1, 'apns'), user_id: user }, true);
      await tokens.apply(SERVER, { ...token('fcm-dev', 2), user_id: user }, true);
      const development = new DevelopmentProvider(db, logger);

      const reply = await notifyUser(SERVER, { user_id: user, payloads }, { tokens, providers: { fcm: development }, logger });

      expect(reply.sent).toEqual({ fcm: 1, apns: 0 });
      const recorded = await db.collection<DevDelivery>(DEV_DELIVERIES).find({ token: 'fcm-dev' }).toArray();
      expect(recorded).toEqual([expect.objectContaining({ kind: 'fcm', token: 'fcm-dev', appId: null, payloads, at: expect.any(Date) })]);
    });
  });
});
