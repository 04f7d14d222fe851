import { given, refused, registered, registration, requested, USER } from '../../testing/push.fixtures';
import { decideRegisterDevice } from './register-device.decide';

describe('registering a device for end-to-end encrypted pushes (E11)', () => {
  it("requests the registration from the bouncer as the next event of the user's devices", () => {
    expect(decideRegisterDevice(registration, given(), true)).toEqual([
      { ...requested(), aggregateId: `push_devices:${USER}`, sequence: 1 },
    ]);
  });

  it('refuses when no push bouncer is configured', () => {
    expect(() => decideRegisterDevice(registration, given(), false)).toThrow(
      expect.objectContaining({ code: 'PUSH_SERVICE_NOT_CONFIGURED', msg: 'Server is not configured to use push notification service.' }),
    );
  });

  it('changes nothing for an account whose registration is pending or accepted', () => {
    expect(decideRegisterDevice(registration, given(requested()), true)).toEqual([]);
    expect(decideRegisterDevice({ ...registration, push_public_key: 'bmV3LWtleQ==' }, given(requested(), registered()), true)).toEqual([]);
  });

  it('requests again a registration the bouncer refused', () => {
    expect(decideRegisterDevice(registration, given(requested(), refused()), true)).toEqual([
      { ...requested(), aggregateId: `push_devices:${USER}`, sequence: 3 },
    ]);
  });

  it('requests each account of the user on its own', () => {
    expect(decideRegisterDevice({ ...registration, push_account_id: 9 }, given(requested()), true)).toEqual([
      { ...requested(9), aggregateId: `push_devices:${USER}`, sequence: 2 },
    ]);
  });
});
