import { apnsAdded, APNS_TOKEN, fcmAdded, given, USER } from '../../testing/push.fixtures';
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
    expect(decideForgetTokens({ userId: USER, devices: [{ kind: 'fcm', token: 'fcm-token' }, { kind: 'apns', token: APNS_TOKEN }] }, devices)).toEqual([
      removedByProvider(4, 'apns', APNS_TOKEN),
      removedByProvider(5, 'fcm', 'fcm-token'),
    ]);
  });

  it('skips tokens already removed, of the other kind, or named twice, so a repeated command changes nothing', () => {
    const devices = given(fcmAdded(), { type: 'push_token.removed.v1', data: { userId: USER, kind: 'fcm', token: 'fcm-token' } }, apnsAdded('ab'));
    expect(decideForgetTokens({ userId: USER, devices: [{ kind: 'fcm', token: 'fcm-token' }, { kind: 'fcm', token: 'ab' }] }, devices)).toEqual([]);
    expect(decideForgetTokens({ userId: USER, devices: [{ kind: 'apns', token: 'ab' }, { kind: 'apns', token: 'ab' }] }, devices)).toEqual([removedByProvider(4, 'apns', 'ab')]);
  });
});
