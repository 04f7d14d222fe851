import { z } from 'zod';
import {
  MAX_CHANNELS_PER_REQUEST,
  MAX_EMAIL_LENGTH,
  MAX_IDENTIFIER_LENGTH,
  MAX_IDS_PER_REQUEST,
  MAX_STREAM_DESCRIPTION_LENGTH,
  MAX_STREAM_NAME_INPUT_LENGTH,
  MAX_SUBSCRIPTION_CHANGES_PER_REQUEST,
} from '../limits';
import { CHANNEL_GROUP_SETTINGS, TopicsPolicy, type ChannelGroupSetting } from '../messages/channel-settings';
import { Role } from '../roles';
import { GroupSettingChange, GroupSettingValue } from '../users/group-setting-value';
import { ChannelReply, EmptyReply, ListedChannelReply, SubscribeReply, SubscriptionReply, idReply } from './replies';
import { defineOperation } from './operation';

/**
 * Keys: every channel and subscription command is keyed `realm`. Channel names are unique in the
 * organization (case-insensitively), channel ids come from one counter, and one subscribe request
 * may create several channels and subscribe many users to many channels at once: one writer
 * decides them all. Subscriptions change far less often than messages are sent; messages will be
 * keyed by their channel or conversation and only read the channel state.
 */

const StreamId = z.int();
const Description = z.string().max(MAX_STREAM_DESCRIPTION_LENGTH);
/** Checked after stripping, in code points, with Zulip's messages, by the service (see TEXT_INPUT_FACTOR). */
const ChannelName = z.string().max(MAX_STREAM_NAME_INPUT_LENGTH);
/** User ids (preferred) or Zulip API emails: Zulip's `principals`. */
const Principals = z.union([z.array(z.string().max(MAX_EMAIL_LENGTH)).max(MAX_IDS_PER_REQUEST), z.array(z.int()).max(MAX_IDS_PER_REQUEST)]);
/** `realm_default`, `unlimited` or a number of days, JSON-encoded (Zulip's `Json[str] | Json[int]`). */
const MessageRetentionDays = z.union([z.string().max(MAX_IDENTIFIER_LENGTH), z.int()]).default('realm_default');

/**
 * Each channel and user of a request is one subscription, and each an event of its one command:
 * refused beyond MAX_SUBSCRIPTION_CHANGES_PER_REQUEST before any of them is decided.
 */
const withinSubscriptionBound = (request: { subscriptions: readonly unknown[]; principals?: readonly unknown[] }): boolean =>
  request.subscriptions.length * Math.max(1, request.principals?.length ?? 1) <= MAX_SUBSCRIPTION_CHANGES_PER_REQUEST;
const TOO_MANY_SUBSCRIPTIONS = {
  message: `Too many subscriptions in one request: channels × users may be at most ${MAX_SUBSCRIPTION_CHANGES_PER_REQUEST}.`,
};

/**
 * A channel to subscribe to, by name (created if missing, with `description`), and the color of
 * a new subscription (Zulip's `AddSubscriptionData`; the service checks it as Zulip does).
 */
const SubscriptionRequest = z.object({
  name: ChannelName,
  color: z.string().max(MAX_IDENTIFIER_LENGTH).optional(),
  description: Description.optional(),
});

/** Initial settings of channels a request creates; ignored for channels that already exist. */
const newChannelSettings = {
  announce: z.boolean().default(false),
  invite_only: z.boolean().default(false),
  is_web_public: z.boolean().default(false),
  is_default_stream: z.boolean().default(false),
  history_public_to_subscribers: z.boolean().nullable().optional(),
  message_retention_days: MessageRetentionDays,
  topics_policy: TopicsPolicy.meta({ wire: 'json' }).optional(),
  folder_id: z.int().optional(),
  send_new_subscription_messages: z.boolean().default(true),
  ...(Object.fromEntries(CHANNEL_GROUP_SETTINGS.map((name) => [name, GroupSettingValue.optional()])) as Record<
    ChannelGroupSetting,
    z.ZodOptional<typeof GroupSettingValue>
  >),
};

/**
 * POST /users/me/subscriptions: subscribe the caller (or `principals`) to channels by name,
 * creating those that do not exist. Guests may not call it (Zulip's `require_non_guest_user`).
 */
export const subscribe = defineOperation({
  type: 'channel.subscribe',
  method: 'POST',
  path: '/users/me/subscriptions',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  minRole: Role.MEMBER,
  params: z
    .object({
      subscriptions: z.array(SubscriptionRequest).max(MAX_CHANNELS_PER_REQUEST),
      principals: Principals.optional(),
      authorization_errors_fatal: z.boolean().default(true),
      ...newChannelSettings,
    })
    .refine(withinSubscriptionBound, TOO_MANY_SUBSCRIPTIONS),
  reply: SubscribeReply,
  key: 'realm',
});

/** POST /channels/create (feature level 417) → `{id}`; an existing name is a 409. */
export const createChannel = defineOperation({
  type: 'channel.create',
  method: 'POST',
  path: '/channels/create',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  minRole: Role.MEMBER,
  params: z.object({
    name: ChannelName.trim().min(1),
    description: Description.optional(),
    subscribers: z.array(z.int()).max(MAX_IDS_PER_REQUEST),
    ...newChannelSettings,
  }),
  reply: idReply('id'),
  key: 'realm',
});

/** DELETE /users/me/subscriptions: unsubscribe the caller (or `principals`) from channels by name. */
export const unsubscribe = defineOperation({
  type: 'channel.unsubscribe',
  method: 'DELETE',
  path: '/users/me/subscriptions',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z
    .object({ subscriptions: z.array(ChannelName).max(MAX_CHANNELS_PER_REQUEST), principals: Principals.optional() })
    .refine(withinSubscriptionBound, TOO_MANY_SUBSCRIPTIONS),
  reply: z.strictObject({ removed: z.array(z.string()), not_removed: z.array(z.string()) }),
  key: 'realm',
});

/**
 * PATCH /users/me/subscriptions: Zulip's composition of the two, decided together: the caller
 * subscribes to `add` (as POST with its defaults), then leaves `delete` (as DELETE), and the
 * reply merges both replies. Guests are refused by the service, after "Nothing to do", as Zulip's
 * `add_subscriptions_backend` refuses them.
 */
export const updateSubscriptions = defineOperation({
  type: 'channel.update_subscriptions',
  method: 'PATCH',
  path: '/users/me/subscriptions',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z.object({
    add: z.array(SubscriptionRequest).max(MAX_CHANNELS_PER_REQUEST).default([]),
    delete: z.array(ChannelName).max(MAX_CHANNELS_PER_REQUEST).default([]),
  }),
  reply: SubscribeReply.extend({ removed: z.array(z.string()), not_removed: z.array(z.string()).optional() }),
  key: 'realm',
});

/** GET /users/me/subscriptions: the caller's channels with their subscription settings. */
export const getSubscriptions = defineOperation({
  type: 'channel.list_subscriptions',
  method: 'GET',
  path: '/users/me/subscriptions',
  service: 'messages',
  kind: 'query',
  auth: 'user',
  params: z.object({ include_subscribers: z.enum(['true', 'false', 'partial']).default('false') }),
  reply: z.strictObject({ subscriptions: z.array(SubscriptionReply) }),
  key: 'actor',
});

/** GET /streams: the channels the caller may see, by the `include_*` sources. */
export const getStreams = defineOperation({
  type: 'channel.list',
  method: 'GET',
  path: '/streams',
  service: 'messages',
  kind: 'query',
  auth: 'user',
  params: z.object({
    include_public: z.boolean().default(true),
    include_web_public: z.boolean().default(false),
    include_subscribed: z.boolean().default(true),
    exclude_archived: z.boolean().default(true),
    include_all_active: z.boolean().default(false),
    include_all: z.boolean().default(false),
    include_default: z.boolean().default(false),
    include_owner_subscribed: z.boolean().default(false),
    include_can_access_content: z.boolean().default(false),
  }),
  reply: z.strictObject({ streams: z.array(ListedChannelReply) }),
  key: 'actor',
});

/** GET /streams/{stream_id} → `{stream}`. */
export const getStreamById = defineOperation({
  type: 'channel.get',
  method: 'GET',
  path: '/streams/{stream_id}',
  service: 'messages',
  kind: 'query',
  auth: 'user',
  params: z.object({ stream_id: StreamId }),
  reply: z.strictObject({ stream: ChannelReply }),
  key: 'actor',
});

/** GET /get_stream_id?stream=<name> → `{stream_id}`. */
export const getStreamId = defineOperation({
  type: 'channel.get_id',
  method: 'GET',
  path: '/get_stream_id',
  service: 'messages',
  kind: 'query',
  auth: 'user',
  params: z.object({ stream: ChannelName }),
  reply: idReply('stream_id'),
  key: 'actor',
});

/** GET /streams/{stream_id}/members → `{subscribers}`. */
export const getSubscribers = defineOperation({
  type: 'channel.get_subscribers',
  method: 'GET',
  path: '/streams/{stream_id}/members',
  service: 'messages',
  kind: 'query',
  auth: 'user',
  params: z.object({ stream_id: StreamId }),
  reply: z.strictObject({ subscribers: z.array(z.int()) }),
  key: 'actor',
});

/** POST /default_streams: administrators add a public channel to the default channels. */
export const addDefaultStream = defineOperation({
  type: 'default_channel.add',
  method: 'POST',
  path: '/default_streams',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  minRole: Role.ADMINISTRATOR,
  params: z.object({ stream_id: StreamId }),
  reply: EmptyReply,
  key: 'realm',
});

/** DELETE /default_streams. */
export const removeDefaultStream = defineOperation({
  type: 'default_channel.remove',
  method: 'DELETE',
  path: '/default_streams',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  minRole: Role.ADMINISTRATOR,
  params: z.object({ stream_id: StreamId }),
  reply: EmptyReply,
  key: 'realm',
});

/**
 * PATCH /streams/{stream_id}: channel administrators change a channel's name, description,
 * privacy, history, default status, retention, topics policy, folder and permission groups, or
 * unarchive it. `folder_id` null takes the channel out of its folder.
 */
export const updateStream = defineOperation({
  type: 'channel.update',
  method: 'PATCH',
  path: '/streams/{stream_id}',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z.object({
    stream_id: StreamId,
    new_name: ChannelName.optional(),
    description: Description.optional(),
    is_private: z.boolean().optional(),
    is_web_public: z.boolean().optional(),
    history_public_to_subscribers: z.boolean().optional(),
    is_default_stream: z.boolean().optional(),
    is_archived: z.boolean().optional(),
    message_retention_days: z.union([z.string().max(MAX_IDENTIFIER_LENGTH), z.int()]).optional(),
    topics_policy: TopicsPolicy.meta({ wire: 'json' }).optional(),
    folder_id: z.int().nullable().optional(),
    ...(Object.fromEntries(CHANNEL_GROUP_SETTINGS.map((name) => [name, GroupSettingChange.optional()])) as Record<
      ChannelGroupSetting,
      z.ZodOptional<typeof GroupSettingChange>
    >),
  }),
  reply: EmptyReply,
  key: 'realm',
});

/** DELETE /streams/{stream_id}: archive a channel (its messages and subscriptions stay). */
export const archiveStream = defineOperation({
  type: 'channel.archive',
  method: 'DELETE',
  path: '/streams/{stream_id}',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z.object({ stream_id: StreamId }),
  reply: EmptyReply,
  key: 'realm',
});

/**
 * GET /streams/{stream_id}/email_address → `{email}`: the address that posts to the channel by
 * email. This server has no email gateway, so it is `""`, as on a Zulip server without one.
 */
export const getStreamEmailAddress = defineOperation({
  type: 'channel.email_address',
  method: 'GET',
  path: '/streams/{stream_id}/email_address',
  service: 'messages',
  kind: 'query',
  auth: 'user',
  params: z.object({ stream_id: StreamId, sender_id: z.int().min(0).optional() }),
  reply: z.strictObject({ email: z.string() }),
  key: 'actor',
});
