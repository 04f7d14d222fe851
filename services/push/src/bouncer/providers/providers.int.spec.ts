import { generateKeyPairSync } from 'node:crypto';
import { FakePushProviders, FakeProvidersClient } from '@zulip-es/testing';
import { ApnsProvider } from './apns-provider';
import { FcmProvider } from './fcm-provider';
import type { Delivery } from './push-provider';

const payloads = {
  apns: { aps: { alert: { title: 'Test notification' } }, zulip: { event: 'test' } },
  fcm: { event: 'test', user_id: '7' },
};
const fcmPush = (token: string): Delivery => ({ kind: 'fcm', token, appId: null, payloads });
const apnsPush = (token: string, appId: string | null = 'org.zulip.Zulip'): Delivery => ({ kind: 'apns', token, appId, payloads });
const otherPem = (type: 'rsa' | 'ec') =>
  (type === 'rsa' ? generateKeyPairSync('rsa', { modulusLength: 2048 }) : generateKeyPairSync('ec', { namedCurve: 'P-256' })).privateKey
    .export({ type: 'pkcs8', format: 'pem' })
    .toString();

describe('push providers against local HTTP/2 servers playing FCM and APNs', () => {
  let fake: FakePushProviders;
  let client: FakeProvidersClient;
  let fcm: FcmProvider;
  let apns: ApnsProvider;
  beforeAll(async () => {
    fake = await FakePushProviders.start();
    client = new FakeProvidersClient(fake.url);
    fcm = new FcmProvider({ url: fake.url, serviceAccount: fake.credentials.fcmServiceAccount });
    apns = new ApnsProvider({ url: fake.url, ...fake.credentials.apns });
  });
  afterAll(async () => {
    fcm.close();
    apns.close();
    await fake.close();
  });

  describe('FCM (HTTP v1)', () => {
    it("sends a data message with an access token bought with the service account's signed assertion", async () => {
      await expect(fcm.send(fcmPush('fcm-1'))).resolves.toBe('sent');
      await expect(fcm.send(fcmPush('fcm-2'))).resolves.toBe('sent');
      expect(await client.received('fcm-1')).toEqual([{ provider: 'fcm', token: 'fcm-1', payload: payloads.fcm }]);
    });

    it('calls a token the provider answers UNREGISTERED for dead', async () => {
      await client.markDead('fcm-dead');
      await expect(fcm.send(fcmPush('fcm-dead'))).resolves.toBe('unregistered');
    });

    it("fails, keeping the device, when Google refuses the assertion (a key that is not the account's)", async () => {
      const forged = new FcmProvider({
        url: fake.url,
        serviceAccount: { ...fake.credentials.fcmServiceAccount, private_key: otherPem('rsa') },
      });
      await expect(forged.send(fcmPush('fcm-forged'))).rejects.toThrow(/token endpoint answered 400/);
      forged.close();
      expect(await client.received('fcm-forged')).toEqual([]);
    });
  });

  describe('APNs (HTTP/2, token authentication)', () => {
    it('posts the payload to the device with the app as topic and an ES256 provider token', async () => {
      await expect(apns.send(apnsPush('c0ffee01'))).resolves.toBe('sent');
      expect(await client.received('c0ffee01')).toEqual([
        { provider: 'apns', token: 'c0ffee01', topic: 'org.zulip.Zulip', payload: payloads.apns },
      ]);
    });

    it('sends a token given with whitespace between its bytes as plain hex', async () => {
      await expect(apns.send(apnsPush('c0 ff ee 02'))).resolves.toBe('sent');
      expect(await client.received('c0ffee02')).toHaveLength(1);
    });

    it('calls a token dead on 410 Unregistered and on 400 BadDeviceToken', async () => {
      await client.markDead('c0ffee03');
      await expect(apns.send(apnsPush('c0ffee03'))).resolves.toBe('unregistered');
      await expect(apns.send(apnsPush('not-hex'))).resolves.toBe('unregistered');
    });

    it('fails, keeping the device, when APNs refuses the provider token (another key) or the push has no app id', async () => {
      const forged = new ApnsProvider({ url: fake.url, ...fake.credentials.apns, keyPem: otherPem('ec') });
      await expect(forged.send(apnsPush('c0ffee04'))).rejects.toThrow(/InvalidProviderToken/);
      forged.close();
      await expect(apns.send(apnsPush('c0ffee04', null))).rejects.toThrow(/app id/);
      expect(await client.received('c0ffee04')).toEqual([]);
    });
  });

  it('fails when the provider cannot be reached', async () => {
    const unreachable = new FcmProvider({ url: 'http://127.0.0.1:9', serviceAccount: fake.credentials.fcmServiceAccount });
    await expect(unreachable.send(fcmPush('fcm-x'))).rejects.toThrow();
    unreachable.close();
  });
});
