import { apnsAdded, APNS_TOKEN, fcmAdded, given, registered, requested, USER } from '../../testing/push.fixtures';
import { decideRemoveUserDevices } from './remove-user-devices.decide';

describe("removing a deactivated user's devices", () => {
  it('removes every token and registration, in one sequence', () => {
    expect(decideRemoveUserDevices(given(apnsAdded(), fcmAdded(), requested(), registered()))).toEqual([
      {
        type: 'push_token.removed.v1',
        aggregateId: `push_devices:${USER}`,
        sequence: 5,
        data: { userId: USER, kind: 'apns', token: APNS_TOKEN, reason: 'deactivated' },
      },
      {
        type: 'push_token.removed.v1',
        aggregateId: `push_devices:${USER}`,
        sequence: 6,
        data: { userId: USER, kind: 'fcm', token: 'fcm-token', reason: 'deactivated' },
      },
      {
        type: 'push_device.removed.v1',
        aggregateId: `push_devices:${USER}`,
        sequence: 7,
        data: { userId: USER, pushAccountId: 2408, reason: 'deactivated' },
      },
    ]);
  });

  it('decides nothing for a user without devices', () => {
    expect(decideRemoveUserDevices(given())).toEqual([]);
  });
});
