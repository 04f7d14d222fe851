import {
  BOOLEAN_SUBSCRIPTION_PROPERTIES,
  type OperationData,
  type SubscriptionPropertyChangedV1,
  type updateSubscriptionProperties,
} from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import { accessChannelById } from '../channel-lookup';
import type { ChannelsContext } from '../channels-context';
import type { ChannelState } from '../channel.state';
import { HEX_COLOR } from '../stream-color';
import { subscriptionSettingsId, type UserSubscriptionSettingsState } from '../subscription-settings/subscription-settings.state';
import { activeSubscription, type UserSubscriptionsState } from '../user-subscriptions.state';
import type { MessagesDecision, MessagesNewEvent } from '../../shared/messages-new-event';

export type UpdateSubscriptionProperties = OperationData<typeof updateSubscriptionProperties>;
type Change = UpdateSubscriptionProperties['subscription_data'][number];
type StoredChange = SubscriptionPropertyChangedV1['data'];
/** A change without its user and channel, its property and value still correlated. */
type StoredValue<C = StoredChange> = C extends StoredChange ? Pick<C, 'property' | 'value'> : never;

export interface UpdateSubscriptionPropertiesState {
  ctx: Pick<ChannelsContext, 'actor' | 'realm' | 'membership'>;
  /** The channels the changes name, by id (null: no such channel). */
  channels: ReadonlyMap<number, ChannelState | null>;
  actorSubscriptions: UserSubscriptionsState;
  settings: UserSubscriptionSettingsState;
}

const BOOLEAN_PROPERTIES: ReadonlySet<string> = new Set([...BOOLEAN_SUBSCRIPTION_PROPERTIES, 'in_home_view']);

/**
 * Zulip's `update_subscription_properties_backend`: every change is checked first (its
 * `SubscriptionPropertyChangeRequest`), then each names a channel the caller has content access
 * to and is subscribed to. Each change is an event, even one that sets the value a setting has
 * (Zulip sends its client events all the same). Unlike Zulip, which saves the changes one by one
 * until one fails, a refused change refuses the whole request.
 */
export function decideUpdateSubscriptionProperties(
  cmd: UpdateSubscriptionProperties,
  state: UpdateSubscriptionPropertiesState,
): MessagesDecision {
  const changes = cmd.subscription_data.map(storedChange);
  for (const { stream_id: channelId } of cmd.subscription_data) {
    accessChannelById(state.ctx, state.channels.get(channelId) ?? null, state.actorSubscriptions, { requireContentAccess: true });
    if (!activeSubscription(state.actorSubscriptions, channelId)) throw badRequest(`Not subscribed to channel ID ${channelId}`);
  }
  const userId = state.ctx.actor.userId;
  const events = changes.map((change, i): MessagesNewEvent => ({
    type: 'subscription.property_changed.v1',
    aggregateId: subscriptionSettingsId(userId),
    sequence: state.settings.version + 1 + i,
    data: { userId, channelId: cmd.subscription_data[i].stream_id, ...change },
  }));
  return { events, reply: {} };
}

/**
 * One change as stored, checked as Zulip checks it: a color by `check_color` (the value as text),
 * a boolean setting for a boolean, anything else unknown. `in_home_view` is stored as `is_muted`.
 */
function storedChange({ property, value }: Change, index: number): StoredValue {
  if (property === 'color') {
    if (typeof value !== 'string' || !HEX_COLOR.test(value))
      throw badRequest(`Invalid subscription_data[${index}]: Value error, color is not a valid hex color code`);
    return { property, value };
  }
  if (!BOOLEAN_PROPERTIES.has(property)) throw badRequest(`Unknown subscription property: ${property}`);
  if (typeof value !== 'boolean') throw badRequest(`${property} is not a boolean`);
  return property === 'in_home_view' ? { property: 'is_muted', value: !value } : ({ property, value } as StoredValue);
}
