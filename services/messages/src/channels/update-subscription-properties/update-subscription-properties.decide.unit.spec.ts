import { updateSubscriptionProperties } from '@zulip-es/contracts';
import { channel, privateChannel, subscriptions } from '../../testing/channels.fixtures';
import { contextOf, organization, U } from '../../testing/users.fixtures';
import type { ChannelState } from '../channel.state';
import { noSubscriptionSettings } from '../subscription-settings/subscription-settings.state';
import { decideUpdateSubscriptionProperties, type UpdateSubscriptionPropertiesState } from './update-subscription-properties.decide';

const cmd = (...changes: Record<string, unknown>[]) => updateSubscriptionProperties.params.parse({ subscription_data: changes });

function state(channels: ChannelState[], subscribed: number[], version = 0): UpdateSubscriptionPropertiesState {
  return {
    ctx: contextOf(organization(), U.member),
    channels: new Map(channels.map((c) => [c.channelId, c])),
    actorSubscriptions: subscriptions({ [U.member]: subscribed })(U.member),
    settings: { ...noSubscriptionSettings(U.member), version },
  };
}

const refusal = (msg: string) => expect.objectContaining({ code: 'BAD_REQUEST', msg });

describe("changing one's subscription settings", () => {
  const [rome, oslo] = [channel(3), channel(5)];

  it('records each change as an event of the user, in request order, after their last one', () => {
    const { events, reply } = decideUpdateSubscriptionProperties(
      cmd(
        { stream_id: 3, property: 'color', value: '#F00f00' },
        { stream_id: 5, property: 'pin_to_top', value: true },
        { stream_id: 3, property: 'wildcard_mentions_notify', value: false },
      ),
      state([rome, oslo], [3, 5], 7),
    );
    expect(reply).toEqual({});
    expect(events).toEqual([
      {
        type: 'subscription.property_changed.v1',
        aggregateId: `subscription_settings:${U.member}`,
        sequence: 8,
        data: { userId: U.member, channelId: 3, property: 'color', value: '#F00f00' },
      },
      {
        type: 'subscription.property_changed.v1',
        aggregateId: `subscription_settings:${U.member}`,
        sequence: 9,
        data: { userId: U.member, channelId: 5, property: 'pin_to_top', value: true },
      },
      {
        type: 'subscription.property_changed.v1',
        aggregateId: `subscription_settings:${U.member}`,
        sequence: 10,
        data: { userId: U.member, channelId: 3, property: 'wildcard_mentions_notify', value: false },
      },
    ]);
  });

  it('stores the legacy in_home_view as is_muted, inverted', () => {
    const { events } = decideUpdateSubscriptionProperties(
      cmd({ stream_id: 3, property: 'in_home_view', value: false }),
      state([rome], [3]),
    );
    expect(events[0].data).toEqual({ userId: U.member, channelId: 3, property: 'is_muted', value: true });
  });

  it.each([
    [{ stream_id: 3, property: 'is_muted', value: 'bad' }, 'is_muted is not a boolean'],
    [{ stream_id: 3, property: 'in_home_view', value: 'true' }, 'in_home_view is not a boolean'],
    [{ stream_id: 3, property: 'email_notifications', value: 'x' }, 'email_notifications is not a boolean'],
    [{ stream_id: 3, property: 'color', value: false }, 'Invalid subscription_data[0]: Value error, color is not a valid hex color code'],
    [
      { stream_id: 3, property: 'color', value: '3ffrff' },
      'Invalid subscription_data[0]: Value error, color is not a valid hex color code',
    ],
    [{ stream_id: 3, property: 'bad', value: 'bad' }, 'Unknown subscription property: bad'],
  ])('refuses %j: %s', (change, msg) => {
    expect(() => decideUpdateSubscriptionProperties(cmd(change), state([rome], [3]))).toThrow(refusal(msg));
  });

  it('checks every change before any channel, as Zulip validates the whole list first', () => {
    expect(() =>
      decideUpdateSubscriptionProperties(
        cmd({ stream_id: 99, property: 'is_muted', value: true }, { stream_id: 3, property: 'color', value: 'red' }),
        state([rome], [3]),
      ),
    ).toThrow(refusal('Invalid subscription_data[1]: Value error, color is not a valid hex color code'));
  });

  it('refuses a channel that does not exist or that the user may not read, and one they are not subscribed to, changing nothing', () => {
    const hidden = privateChannel(7);
    expect(() => decideUpdateSubscriptionProperties(cmd({ stream_id: 99, property: 'is_muted', value: true }), state([rome], [3]))).toThrow(
      refusal('Invalid channel ID'),
    );
    expect(() =>
      decideUpdateSubscriptionProperties(cmd({ stream_id: 7, property: 'is_muted', value: true }), state([rome, hidden], [3])),
    ).toThrow(refusal('Invalid channel ID'));
    expect(() =>
      decideUpdateSubscriptionProperties(
        cmd({ stream_id: 3, property: 'pin_to_top', value: true }, { stream_id: 5, property: 'pin_to_top', value: true }),
        state([rome, oslo], [3]),
      ),
    ).toThrow(refusal('Not subscribed to channel ID 5'));
  });

  it('refuses an archived channel as missing', () => {
    expect(() =>
      decideUpdateSubscriptionProperties(
        cmd({ stream_id: 3, property: 'is_muted', value: true }),
        state([channel(3, { isArchived: true })], [3]),
      ),
    ).toThrow(refusal('Invalid channel ID'));
  });
});
