import { UserSettings } from '@zulip-es/contracts';
import { organization, U, usersEvent } from '../testing/users.fixtures';
import { visibleDraftNumbers } from './drafts-sync';
import { noDrafts } from './drafts.state';

const turned = (enabled: boolean) =>
  usersEvent('user.settings_changed.v1', { userId: U.member, property: 'enable_drafts_synchronization', value: enabled });

describe('drafts synchronization as the messages service knows it', () => {
  it('is on by default, and remembers when the user last turned it off', () => {
    const model = organization();
    expect(model.draftsSyncOf(U.member)).toEqual({ enabled: true, disabledAt: 0 });
    const off = turned(false);
    model.apply(off);
    expect(model.draftsSyncOf(U.member)).toEqual({ enabled: false, disabledAt: off.sequence });
    model.apply(turned(true));
    expect(model.draftsSyncOf(U.member)).toEqual({ enabled: true, disabledAt: off.sequence });
    expect(model.draftsSyncOf(U.otherMember)).toEqual({ enabled: true, disabledAt: 0 });
  });

  it("starts from the organization's default the user joined with", () => {
    // Any valid value of each setting: only enable_drafts_synchronization matters here.
    const anyValue = (schema: { safeParse(v: unknown): { success: boolean } }) =>
      [true, 1, 'default', 'en', null].find((v) => schema.safeParse(v).success);
    const settings = Object.fromEntries(Object.entries(UserSettings.shape).map(([name, schema]) => [name, anyValue(schema)]));
    const model = organization();
    model.apply(
      usersEvent('user.created.v1', {
        userId: 40,
        realmId: 1,
        deliveryEmail: 'joiner@example.com',
        fullName: 'Joiner',
        role: 400,
        isBot: false,
        timezone: '',
        emailAddressVisibility: 1,
        dateJoined: '2026-01-01T00:00:00.000Z',
        passwordHash: null,
        apiKeyHash: 'a'.repeat(64),
        apiKeyNonce: 'n'.repeat(16),
        settings: { ...settings, enable_drafts_synchronization: false },
      }),
    );
    expect(model.draftsSyncOf(40)).toEqual({ enabled: false, disabledAt: 0 });
  });

  it('hides drafts saved before a turning-off that is not applied yet', () => {
    const state = { ...noDrafts(U.member), draftNumbers: [1], lastDraftNumber: 1, clearedThrough: 4 };
    expect(visibleDraftNumbers(state, { enabled: true, disabledAt: 4 })).toEqual([1]);
    expect(visibleDraftNumbers(state, { enabled: true, disabledAt: 9 })).toEqual([]);
  });
});
