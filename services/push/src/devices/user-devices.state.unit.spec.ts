import { apnsAdded, APNS_TOKEN, fcmAdded, given, refused, registered, requested, USER } from '../testing/push.fixtures';

describe("a user's devices, from their events", () => {
  it('keeps each added token once, the last app id winning, and forgets a removed one', () => {
    const devices = given(apnsAdded(APNS_TOKEN, 'org.zulip.Zulip'), fcmAdded(), apnsAdded(APNS_TOKEN, 'com.example.Beta'), {
      type: 'push_token.removed.v1',
      data: { userId: USER, kind: 'fcm', token: 'fcm-token' },
    });
    expect(devices.tokens).toEqual([{ kind: 'apns', token: APNS_TOKEN, appId: 'com.example.Beta' }]);
    expect(devices.version).toBe(4);
  });

  it('tells tokens of the two kinds apart', () => {
    expect(given(fcmAdded('ab'), apnsAdded('ab')).tokens).toHaveLength(2);
  });

  it('holds a requested registration as pending, naming the request, until the bouncer answers', () => {
    expect(given(requested()).registrations).toEqual([
      {
        pushAccountId: 2408,
        tokenKind: 'fcm',
        pushPublicKey: 'cHVzaC1wdWJsaWMta2V5',
        bouncerPublicKey: 'Ym91bmNlci1rZXk=',
        status: 'pending',
        errorCode: null,
        bouncerDeviceId: null,
        requestSequence: 1,
      },
    ]);
    expect(given(requested(), registered()).registrations[0]).toMatchObject({ status: 'active', bouncerDeviceId: 51, errorCode: null });
    expect(given(requested(), refused()).registrations[0]).toMatchObject({ status: 'failed', errorCode: 'REQUEST_EXPIRED' });
  });

  it('replaces a refused registration by a new request for the same account', () => {
    const devices = given(requested(), refused(), requested());
    expect(devices.registrations).toEqual([expect.objectContaining({ status: 'pending', errorCode: null, requestSequence: 3 })]);
  });
});
