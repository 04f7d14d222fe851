import { Controller, Inject } from '@nestjs/common';
import {
  getStreams,
  RegisterStateParams,
  REALM_EMPTY_TOPIC_DISPLAY_NAME,
  VisibilityPolicy,
  REGISTER_STATE_TYPES,
} from '@zulip-es/contracts';
import { type MessageContext, QueryPattern, type ReplyBody } from '@zulip-es/platform';
import { reminderView, scheduledMessageView } from '@zulip-es/zulip-rules';
import type { z } from 'zod';
import { activeSubscriberIds, byName, streamView, subscriptionView } from '../channels/channel-view';
import { channelsContext, type ChannelsContext } from '../channels/channels-context';
import { hasMetadataAccess, isGuest } from '../channels/channel-access';
import type { ChannelState } from '../channels/channel.state';
import type { UserSubscriptionsState } from '../channels/user-subscriptions.state';
import { settingsOf, type UserSubscriptionSettingsState } from '../channels/subscription-settings/subscription-settings.state';
import { selectChannels, type GetStreams } from '../channels/read-channels/select-channels';
import { listDrafts } from '../drafts/list-drafts';
import { allIds, listSummary } from '../messages/message-lists/message-list';
import { UnreadView } from '../flags/unread-view';
import { unreadMsgs } from '../flags/unread-msgs';
import { FlagLists } from '../flags/user-flags.state';
import { mutedUsersView } from '../muted-users/muted-users.state';
import { ListKeys } from '../messages/message.state';
import { MESSAGES_DEPS, type MessagesDeps } from '../shared/messages-deps';
import { userTopicsView } from '../user-topics/user-topics-view';
import { realmParameters } from './realm-parameters';
import { readRecentConversations } from './recent-private-conversations';
import { listChannelFolders } from '../channels/folders/channel-folders.state';

type Params = z.output<typeof RegisterStateParams>;

/** What several sections read: read once per register, and only if a requested section asks. */
interface SharedReads {
  channels(): Promise<ChannelState[]>;
  ownSubscriptions(): Promise<UserSubscriptionsState>;
  ownSettings(): Promise<UserSubscriptionSettingsState>;
}

function sharedReads({ repo }: MessagesDeps, userId: number): SharedReads {
  let channels: Promise<ChannelState[]> | undefined;
  let own: Promise<UserSubscriptionsState> | undefined;
  let settings: Promise<UserSubscriptionSettingsState> | undefined;
  return {
    channels: () => (channels ??= repo.allChannels()),
    ownSubscriptions: () => (own ??= repo.subscriptionsOf(userId)),
    ownSettings: () => (settings ??= repo.subscriptionSettingsOf(userId)),
  };
}

interface Section {
  fetchType: string;
  /** Other fetch types that must be asked for too (Zulip's `unread_msgs` needs `message` and `update_message_flags`). */
  alsoRequires?: string[];
  state(deps: MessagesDeps, ctx: ChannelsContext, params: Params, reads: SharedReads): Promise<Record<string, unknown>>;
}

/** Fetch type `subscription`: the caller's subscriptions, the channels they left, and those they may join. */
const subscriptionSection: Section = {
  fetchType: 'subscription',
  async state(_deps, ctx, params, reads) {
    const [channels, own, settings] = await Promise.all([reads.channels(), reads.ownSubscriptions(), reads.ownSettings()]);
    const byChannel = new Map(own.subscriptions.map((s) => [s.channelId, s]));
    const withSubscribers = params.include_subscribers !== false;
    const live = channels.filter((c) => !c.isArchived).sort(byName);
    const subscriptions = live.flatMap((c) => {
      const sub = byChannel.get(c.channelId);
      if (!sub?.active) return [];
      const view = subscriptionView(ctx, c, sub, settingsOf(settings, c.channelId));
      return [withSubscribers ? { ...view, subscribers: activeSubscriberIds(ctx, c) } : view];
    });
    const unsubscribed = live.flatMap((c) => {
      const sub = byChannel.get(c.channelId);
      return sub && !sub.active ? [subscriptionView(ctx, c, sub, settingsOf(settings, c.channelId))] : [];
    });
    const neverSubscribed = live
      .filter((c) => !byChannel.has(c.channelId) && hasMetadataAccess(ctx, ctx.actor, c, false))
      .map((c) => (withSubscribers ? { ...streamView(ctx, c), subscribers: activeSubscriberIds(ctx, c) } : streamView(ctx, c)));
    return { subscriptions, unsubscribed, never_subscribed: neverSubscribed };
  },
};

/** Fetch type `message`: the newest message id among the caller's direct messages and subscribed channels (-1 with none). */
const messageSection: Section = {
  fetchType: 'message',
  async state({ repo }, ctx, _params, reads) {
    const own = (await reads.ownSubscriptions()).subscriptions.filter((s) => s.active);
    const keys = [ListKeys.userDirect(ctx.actor.userId), ...own.map((s) => ListKeys.channel(s.channelId))];
    const summaries = await Promise.all(keys.map((key) => listSummary(repo.lists, key)));
    return { max_message_id: Math.max(-1, ...summaries.map((s) => s?.lastId ?? -1)) };
  },
};

/** `drafts` (always answered, empty when synchronization is off): oldest edit first. */
const draftsSection: Section = {
  fetchType: 'drafts',
  async state({ repo, users }, ctx) {
    const sync = users.draftsSyncOf(ctx.actor.userId);
    const drafts = sync.enabled ? await listDrafts(repo, ctx.actor.userId, sync) : [];
    return { drafts };
  },
};

/** Fetch type `user_topic`: the caller's topic visibility policies, the empty topic named as the client expects. */
const userTopicSection: Section = {
  fetchType: 'user_topic',
  async state({ repo }, ctx, params, reads) {
    const [topics, channels] = await Promise.all([repo.userTopicsOf(ctx.actor.userId), reads.channels()]);
    const archived = new Set(channels.filter((c) => c.isArchived).map((c) => c.channelId));
    const emptyName = params.client_capabilities?.empty_topic_name === true ? '' : REALM_EMPTY_TOPIC_DISPLAY_NAME;
    return {
      user_topics: userTopicsView(topics, (id) => archived.has(id)).map((t) => (t.topic_name === '' ? { ...t, topic_name: emptyName } : t)),
    };
  },
};

/**
 * Legacy fetch type `muted_topics`: `[channel name, topic, last updated]` of each muted topic
 * outside archived channels (Zulip's `get_topic_mutes`). Zulip leaves it out for a client that
 * fetches `user_topic` too, unless it fetches everything.
 */
const mutedTopicsSection: Section = {
  fetchType: 'muted_topics',
  async state({ repo }, ctx, params, reads) {
    const wanted = params.fetch_event_types ?? params.event_types;
    if (wanted && wanted.includes('user_topic')) return {};
    const [topics, channels] = await Promise.all([repo.userTopicsOf(ctx.actor.userId), reads.channels()]);
    const names = new Map(channels.filter((c) => !c.isArchived).map((c) => [c.channelId, c.name]));
    const muted = topics.topics.filter((t) => t.visibilityPolicy === VisibilityPolicy.MUTED && names.has(t.channelId));
    return { muted_topics: muted.map((t) => [names.get(t.channelId)!, t.topicName, t.lastUpdated]) };
  },
};

/** Fetch type `recent_private_conversations`: see `readRecentConversations`. */
const recentPrivateConversationsSection: Section = {
  fetchType: 'recent_private_conversations',
  async state({ repo }, ctx) {
    return {
      recent_private_conversations: await readRecentConversations(repo.lists, (ids) => repo.conversationsOf(ids), ctx.actor.userId),
    };
  },
};

/** Fetch type `realm`: this service's parameters (see `realmParameters`). */
const realmSection: Section = {
  fetchType: 'realm',
  async state() {
    return realmParameters();
  },
};

const STREAMS_STATE_QUERY: GetStreams = getStreams.params.parse({ include_all: true, include_web_public: true });

/**
 * Fetch type `stream`: every channel the caller may see exists (Zulip's `include_all` with
 * web-public ones), archived ones only for clients declaring `archived_channels`.
 */
const streamSection: Section = {
  fetchType: 'stream',
  async state(_deps, ctx, params, reads) {
    const [channels, own] = await Promise.all([reads.channels(), reads.ownSubscriptions()]);
    const subscribed = new Set(own.subscriptions.filter((s) => s.active).map((s) => s.channelId));
    const archivedToo = params.client_capabilities?.archived_channels === true;
    const visible = selectChannels(ctx, ctx.actor, channels, subscribed, { ...STREAMS_STATE_QUERY, exclude_archived: !archivedToo });
    return { streams: visible.sort(byName).map((c) => streamView(ctx, c)) };
  },
};

/** Fetch type `channel_folders`: every folder, archived ones too, by `order` (Zulip's `fetch_initial_state_data`). */
const channelFoldersSection: Section = {
  fetchType: 'channel_folders',
  async state({ repo }) {
    return { channel_folders: listChannelFolders(await repo.channelFolders(), true) };
  },
};

/** Fetch types `scheduled_messages` and `reminders`: the caller's undelivered ones, by delivery time. */
const scheduledSection = (fetchType: 'scheduled_messages' | 'reminders'): Section => ({
  fetchType,
  async state({ repo }, ctx) {
    const own = (await repo.scheduledMessagesOf(ctx.actor.userId)).sort(
      (a, b) => a.deliverAt - b.deliverAt || a.scheduledMessageId - b.scheduledMessageId,
    );
    if (fetchType === 'reminders') return { reminders: own.filter((m) => m.kind === 'reminder').map(reminderView) };
    return { scheduled_messages: own.filter((m) => m.kind === 'send_later').map(scheduledMessageView) };
  },
});

/** Fetch type `default_streams`: the default channels' ids; none for guests, who may not see them all. */
const defaultStreamsSection: Section = {
  fetchType: 'default_streams',
  async state({ repo }, ctx) {
    return { realm_default_streams: isGuest(ctx.actor) ? [] : (await repo.defaultChannels()).channelIds };
  },
};

/** `message` with `update_message_flags`: the caller's unread messages (Zulip's `unread_msgs`). */
const unreadSection: Section = {
  fetchType: 'message',
  alsoRequires: ['update_message_flags'],
  async state({ repo }, ctx, params) {
    const view = await UnreadView.load(repo, ctx.actor.userId);
    const unread = await view.all(await repo.lastMessageId());
    const emptyTopic = params.client_capabilities?.empty_topic_name === true ? '' : REALM_EMPTY_TOPIC_DISPLAY_NAME;
    return { unread_msgs: unreadMsgs(ctx.actor.userId, unread, await view.mentioning(unread.run), emptyTopic) };
  },
};

/** Fetch type `starred_messages`: the ids of the caller's starred messages, ascending. */
const starredSection: Section = {
  fetchType: 'starred_messages',
  async state({ repo }, ctx) {
    return { starred_messages: await allIds(repo.lists, FlagLists.starred(ctx.actor.userId)) };
  },
};

/** Fetch type `muted_users`: `[{id, timestamp}]`. */
const mutedUsersSection: Section = {
  fetchType: 'muted_users',
  async state({ repo }, ctx) {
    return { muted_users: mutedUsersView(await repo.mutedUsersOf(ctx.actor.userId)) };
  },
};

/** Fetch type `alert_words`: the caller's alert words, in the order added. */
const alertWordsSection: Section = {
  fetchType: 'alert_words',
  async state({ repo }, ctx) {
    return { alert_words: (await repo.alertWordsOf(ctx.actor.userId)).words };
  },
};

const SECTIONS: readonly Section[] = [
  subscriptionSection,
  streamSection,
  defaultStreamsSection,
  channelFoldersSection,
  scheduledSection('scheduled_messages'),
  scheduledSection('reminders'),
  messageSection,
  userTopicSection,
  mutedTopicsSection,
  recentPrivateConversationsSection,
  realmSection,
  unreadSection,
  starredSection,
  mutedUsersSection,
  alertWordsSection,
];

@Controller()
export class RegisterStateHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /**
   * The messages service's part of `POST /register` (`messages.register_state`): each requested
   * fetch type it holds, and `drafts`, which Zulip always answers.
   */
  @QueryPattern({ type: REGISTER_STATE_TYPES.messages, params: RegisterStateParams }, { consistent: true })
  async registerState({ actorId, data }: MessageContext<Params>): Promise<ReplyBody> {
    const { deps } = this;
    const ctx = channelsContext(deps.users, actorId);
    const wanted = data.fetch_event_types ?? data.event_types;
    const asked = (type: string) => !wanted || wanted.includes(type);
    const sections = [...SECTIONS.filter((s) => asked(s.fetchType) && (s.alsoRequires ?? []).every(asked)), draftsSection];
    const reads = sharedReads(deps, ctx.actor.userId);
    const states = await Promise.all(sections.map((s) => s.state(deps, ctx, data, reads)));
    return Object.assign({}, ...states) as Record<string, unknown>;
  }
}
