import type { SubscriptionPropertyChangedV1 } from '@zulip-es/contracts';
import { evolveSubscriptionSettings, noSubscriptionSettings, settingsOf } from './subscription-settings.state';

const changed = (channelId: number, property: string, value: string | boolean) =>
  ({ type: 'subscription.property_changed.v1', data: { userId: 4, channelId, property, value } }) as SubscriptionPropertyChangedV1;

describe("a user's subscription settings", () => {
  it('keeps the last value of each setting, per channel', () => {
    let state = noSubscriptionSettings(4);
    state = evolveSubscriptionSettings(state, changed(3, 'is_muted', true), 1)!;
    state = evolveSubscriptionSettings(state, changed(3, 'color', '#abc'), 2)!;
    state = evolveSubscriptionSettings(state, changed(5, 'pin_to_top', true), 3)!;
    state = evolveSubscriptionSettings(state, changed(3, 'is_muted', false), 4)!;
    expect(settingsOf(state, 3)).toEqual({ is_muted: false, color: '#abc' });
    expect(settingsOf(state, 5)).toEqual({ pin_to_top: true });
    expect(settingsOf(state, 9)).toEqual({});
    expect(state.version).toBe(4);
  });

  it('changes nothing for an event it has applied already', () => {
    const state = evolveSubscriptionSettings(noSubscriptionSettings(4), changed(3, 'is_muted', true), 1)!;
    expect(evolveSubscriptionSettings(state, changed(3, 'is_muted', false), 1)).toBeNull();
  });
});
