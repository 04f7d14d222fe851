import { apnsAdded, APNS_TOKEN, fcmAdded, given, USER } from '../../testing/push.fixtures';
import { decideRemoveToken } from './remove-token.decide';

const badRequest = (msg: string) => expect.objectContaining({ code: 'BAD_REQUEST', msg });

describe('removing a legacy push token (E20 for APNs)', () => {
  it("removes one of the user's tokens", () => {
    expect(decideRemoveToken('apns', APNS_TOKEN, given(apnsAdded(), fcmAdded()))).toEqual([
      {
        type: 'push_token.removed.v1',
        aggregateId: `push_devices:${USER}`,
        sequence: 3,
        data: { userId: USER, kind: 'apns', token: APNS_TOKEN },
      },
    ]);
  });

  it('refuses a token the user does not have, or has only as the other kind', () => {
    expect(() => decideRemoveToken('fcm', 'other', given(fcmAdded()))).toThrow(badRequest('Token does not exist'));
    expect(() => decideRemoveToken('fcm', 'ab', given(apnsAdded('ab')))).toThrow(badRequest('Token does not exist'));
  });

  it('checks the token as when adding it', () => {
    expect(() => decideRemoveToken('apns', '', given())).toThrow(badRequest('Empty or invalid length token'));
    expect(() => decideRemoveToken('apns', 'zz', given())).toThrow(badRequest('Invalid APNS token'));
  });
});
