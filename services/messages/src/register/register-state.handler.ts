import { getStreams, RegisterStateParams, REALM_EMPTY_TOPIC_DISPLAY_NAME } from '@zulip-es/contracts';
import type { QueryHandler } from '@zulip-es/platform';
import type { z } from 'zod';
import { activeSubscriberIds, byName, streamView, subscriptionView } from '../channels/channel-view';
import { channelsContext, type ChannelsContext } from '../channels/channels-context';
import { hasMetadataAccess, isGuest } from '../channels/channel-access';
import type { ChannelState } from '../channels/channel.state';
import type { UserSubscriptionsState } from '../channels/user-subscriptions.state';
import { settingsOf, type UserSubscriptionSettingsState } from '../channels/subscription-settings/subscription-settings.state';
import { selectChannels, type GetStreams } from '../channels/read-channels/select-channels';
import { listDrafts } from '../drafts/list-drafts';
import { listSummary } from '../messages/message-lists/message-list';
import { ListKeys } from '../messages/message.state';
import type { MessagesDeps } from '../shared/messages-deps';
import { userTopicsView } from '../user-topics/user-topics-view';

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
    const neverSubscribed = live.filter((c) => !byChannel.has(c.channelId) && hasMetadataAccess(ctx, ctx.actor, c, false)).map((c) => (withSubscribers ? { ...streamView(ctx, c), subscribers: activeSubscriberIds(ctx, c) } : streamView(ctx, c)));
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
    return { user_topics: userTopicsView(topics, (id) => archived.has(id)).map((t) => (t.topic_name === '' ? { ...t, topic_name: emptyName } : t)) };
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

/** Fetch type `default_streams`: the default channels' ids; none for guests, who may not see them all. */
const defaultStreamsSection: Section = {
  fetchType: 'default_streams',
  async state({ repo }, ctx) {
    return { realm_default_streams: isGuest(ctx.actor) ? [] : (await repo.defaultChannels()).channelIds };
  },
};

const SECTIONS: readonly Section[] = [subscriptionSection, streamSection, defaultStreamsSection, messageSection, userTopicSection];

/**
 * The messages service's part of `POST /register` (`messages.register_state`): each requested
 * fetch type it holds, and `drafts`, which Zulip always answers.
 */
export function registerStateHandler(deps: MessagesDeps): QueryHandler<Params> {
  return {
    kind: 'query',
    consistent: true,
    schema: RegisterStateParams,
    async handle({ actorId, data }) {
      const ctx = channelsContext(deps.users, actorId);
      const wanted = data.fetch_event_types ?? data.event_types;
      const sections = [...SECTIONS.filter((s) => !wanted || wanted.includes(s.fetchType)), draftsSection];
      const reads = sharedReads(deps, ctx.actor.userId);
      const states = await Promise.all(sections.map((s) => s.state(deps, ctx, data, reads)));
      return Object.assign({}, ...states) as Record<string, unknown>;
    },
  };
}
