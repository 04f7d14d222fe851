import { apnsAdded, APNS_TOKEN, fcmAdded, given, registered, requested, USER } from '../../testing/push.fixtures';
import { decideForgetTokens } from './forget-tokens.decide';

const removedByProvider = (sequence: number, kind: 'fcm' | 'apns', token: string) => ({
  type: 'push_token.removed.v1',
  aggregateId: `push_devices:${USER}`,
  sequence,
  data: { userId: USER, kind, token, reason: 'provider' },
});

describe('forgetting tokens a push provider called dead', () => {
  it('removes each named token the user has, in one sequence', () => {
    const devices = given(apnsAdded(), fcmAdded(), fcmAdded('kept'));
    expect(
      decideForgetTokens(
        {
          userId: USER,
          bouncerDeviceIds: [],
          devices: [
            { kind: 'fcm', token: 'fcm-token' },
            { kind: 'apns', token: APNS_TOKEN },
          ],
        },
        devices,
      ),
    ).toEqual([removedByProvider(4, 'apns', APNS_TOKEN), removedByProvider(5, 'fcm', 'fcm-token')]);
  });

  it('skips tokens already removed, of the other kind, or named twice, so a repeated command changes nothing', () => {
    const devices = given(
      fcmAdded(),
      { type: 'push_token.removed.v1', data: { userId: USER, kind: 'fcm', token: 'fcm-token' } },
      apnsAdded('ab'),
    );
    expect(
      decideForgetTokens(
        {
          userId: USER,
          bouncerDeviceIds: [],
          devices: [
            { kind: 'fcm', token: 'fcm-token' },
            { kind: 'fcm', token: 'ab' },
          ],
        },
        devices,
      ),
    ).toEqual([]);
    expect(
      decideForgetTokens(
        {
          userId: USER,
          bouncerDeviceIds: [],
          devices: [
            { kind: 'apns', token: 'ab' },
            { kind: 'apns', token: 'ab' },
          ],
        },
        devices,
      ),
    ).toEqual([removedByProvider(4, 'apns', 'ab')]);
  });

  it('removes the registrations of the named bouncer devices', () => {
    const devices = given(requested(2408), registered(2408, 51), requested(2409), registered(2409, 52));
    expect(decideForgetTokens({ userId: USER, devices: [], bouncerDeviceIds: [52, 99] }, devices)).toEqual([
      {
        type: 'push_device.removed.v1',
        aggregateId: `push_devices:${USER}`,
        sequence: 5,
        data: { userId: USER, pushAccountId: 2409, reason: 'provider' },
      },
    ]);
  });
});
