import { apnsAdded, APNS_TOKEN, given, USER } from '../../testing/push.fixtures';
import { decideAddToken } from './add-token.decide';

const badRequest = (msg: string) => expect.objectContaining({ code: 'BAD_REQUEST', msg });

describe('adding a legacy push token', () => {
  it("adds an APNs token with its app id as the next event of the user's devices", () => {
    expect(decideAddToken({ kind: 'apns', token: APNS_TOKEN, appId: 'org.zulip.Zulip' }, given(apnsAdded('aa'.repeat(8))))).toEqual([
      {
        type: 'push_token.added.v1',
        aggregateId: `push_devices:${USER}`,
        sequence: 2,
        data: { userId: USER, kind: 'apns', token: APNS_TOKEN, appId: 'org.zulip.Zulip' },
      },
    ]);
  });

  it('changes nothing when the user has the token for the same app already', () => {
    expect(decideAddToken({ kind: 'apns', token: APNS_TOKEN, appId: 'org.zulip.Zulip' }, given(apnsAdded()))).toEqual([]);
  });

  it('records a known token again for another app', () => {
    expect(decideAddToken({ kind: 'apns', token: APNS_TOKEN, appId: 'com.example.Beta' }, given(apnsAdded()))).toHaveLength(1);
  });

  it('refuses an empty token and one over 4096 characters', () => {
    expect(() => decideAddToken({ kind: 'fcm', token: '', appId: null }, given())).toThrow(badRequest('Empty or invalid length token'));
    expect(() => decideAddToken({ kind: 'fcm', token: 'x'.repeat(4097), appId: null }, given())).toThrow(
      badRequest('Empty or invalid length token'),
    );
    expect(decideAddToken({ kind: 'fcm', token: 'x'.repeat(4096), appId: null }, given())).toHaveLength(1);
  });

  it('refuses an APNs token that is not hex bytes, as Python bytes.fromhex would', () => {
    for (const token of ['c0ffe', 'c0ffeg', 'base64+token/==']) {
      expect(() => decideAddToken({ kind: 'apns', token, appId: 'org.zulip.Zulip' }, given())).toThrow(badRequest('Invalid APNS token'));
    }
    expect(decideAddToken({ kind: 'apns', token: 'c0 ff ee ', appId: 'org.zulip.Zulip' }, given())).toHaveLength(1);
  });

  it('takes any FCM token', () => {
    expect(decideAddToken({ kind: 'fcm', token: 'not:hex/at_all', appId: null }, given())).toHaveLength(1);
  });
});
