import type { RecordPushRegistration } from '@zulip-es/contracts';
import { given, refused, registered, requested, USER } from '../../testing/push.fixtures';
import { decideRecordRegistration } from './record-registration.decide';

const answer = (outcome: RecordPushRegistration['outcome'], requestSequence = 1): RecordPushRegistration => ({
  userId: USER,
  pushAccountId: 2408,
  requestSequence,
  outcome,
});

describe("recording the bouncer's answer to a registration", () => {
  it("activates the pending registration with the bouncer's device id", () => {
    expect(decideRecordRegistration(answer({ status: 'active', bouncerDeviceId: 51 }), given(requested()))).toEqual([
      { ...registered(), aggregateId: `push_devices:${USER}`, sequence: 2 },
    ]);
  });

  it('records the refusal with its code', () => {
    expect(decideRecordRegistration(answer({ status: 'failed', errorCode: 'REQUEST_EXPIRED' }), given(requested()))).toEqual([
      { ...refused(), aggregateId: `push_devices:${USER}`, sequence: 2 },
    ]);
  });

  it('changes nothing for an answer already recorded, or for a request since replaced', () => {
    expect(decideRecordRegistration(answer({ status: 'active', bouncerDeviceId: 51 }), given(requested(), registered()))).toEqual([]);
    expect(
      decideRecordRegistration(answer({ status: 'active', bouncerDeviceId: 51 }, 1), given(requested(), refused(), requested())),
    ).toEqual([]);
  });

  it('changes nothing for an account with no registration', () => {
    expect(decideRecordRegistration(answer({ status: 'active', bouncerDeviceId: 51 }), given())).toEqual([]);
  });
});
