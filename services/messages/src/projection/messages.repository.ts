import type { Connection } from 'mongoose';
import { channelAggregateId, type ChannelState } from '../channels/channel.state';
import { DEFAULT_CHANNELS_AGGREGATE, NO_DEFAULT_CHANNELS, type DefaultChannelsState } from '../channels/default-channels.state';
import { draftsAggregateId, noDrafts, type DraftsState } from '../drafts/drafts.state';
import { noSubscriptions, userSubscriptionsId, type UserSubscriptionsState } from '../channels/user-subscriptions.state';
import { withoutId } from './projector';
import { noTopicPolicies, topicPoliciesId, type TopicPoliciesState } from '../user-topics/topic-policies.state';
import { noUserTopics, userTopicsAggregateId, type UserTopicsState } from '../user-topics/user-topics.state';

type Doc<T> = T & { _id: string };

/**
 * The messages service's projection in Mongo. Every lookup and write is by `_id` (the local store
 * pushes only those down to its SQL backend): channels by `channel:<id>`, channel names by their
 * lower-case form, a user's subscriptions by `subscriptions:<userId>`.
 */
export class MessagesRepository {
  constructor(private readonly db: Connection) {}

  get channels() {
    return this.db.collection<Doc<ChannelState>>('channels');
  }
  /** Lower-case channel name → channel id (names are unique case-insensitively). */
  get channelNames() {
    return this.db.collection<{ _id: string; channelId: number }>('channel_names');
  }
  get userSubscriptions() {
    return this.db.collection<Doc<UserSubscriptionsState>>('user_subscriptions');
  }
  get defaultChannelsDoc() {
    return this.db.collection<Doc<DefaultChannelsState>>('default_channels');
  }
  /** Each user's drafts, by `drafts:<userId>`. */
  get drafts() {
    return this.db.collection<Doc<DraftsState>>('drafts');
  }

  /** A user's topic visibility policies, by `user_topics:<userId>`. */
  get userTopics() {
    return this.db.collection<Doc<UserTopicsState>>('user_topics');
  }
  /** Who has a policy for a topic, by `topic_policies:<channelId>:<lower-case topic>`. */
  get topicPolicies() {
    return this.db.collection<Doc<TopicPoliciesState>>('topic_policies');
  }
  get counters() {
    return this.db.collection<{ _id: string; value: number }>('counters');
  }

  async channel(channelId: number): Promise<ChannelState | null> {
    const doc = await this.channels.findOne({ _id: channelAggregateId(channelId) });
    return doc ? withoutId(doc) : null;
  }

  async channelByName(name: string): Promise<ChannelState | null> {
    const entry = await this.channelNames.findOne({ _id: normalizeChannelName(name) });
    return entry ? this.channel(entry.channelId) : null;
  }

  /** Every channel (queries only: the local store scans the collection). */
  async allChannels(): Promise<ChannelState[]> {
    return (await this.channels.find({}).toArray()).map((d) => withoutId(d)).sort((a, b) => a.channelId - b.channelId);
  }

  async subscriptionsOf(userId: number): Promise<UserSubscriptionsState> {
    const doc = await this.userSubscriptions.findOne({ _id: userSubscriptionsId(userId) });
    return doc ? withoutId(doc) : noSubscriptions(userId);
  }

  async draftsOf(userId: number): Promise<DraftsState> {
    const doc = await this.drafts.findOne({ _id: draftsAggregateId(userId) });
    return doc ? withoutId(doc) : noDrafts(userId);
  }

  async userTopicsOf(userId: number): Promise<UserTopicsState> {
    const doc = await this.userTopics.findOne({ _id: userTopicsAggregateId(userId) });
    return doc ? withoutId(doc) : noUserTopics(userId);
  }

  async topicPoliciesOf(channelId: number, topicName: string): Promise<TopicPoliciesState> {
    const doc = await this.topicPolicies.findOne({ _id: topicPoliciesId(channelId, topicName) });
    return doc ? withoutId(doc) : noTopicPolicies(channelId, topicName);
  }

  async defaultChannels(): Promise<DefaultChannelsState> {
    const doc = await this.defaultChannelsDoc.findOne({ _id: DEFAULT_CHANNELS_AGGREGATE });
    return doc ? withoutId(doc) : NO_DEFAULT_CHANNELS;
  }

  /** The highest channel id ever assigned (0 before the first). */
  async lastChannelId(): Promise<number> {
    return (await this.counters.findOne({ _id: 'channel_id' }))?.value ?? 0;
  }

  /**
   * Records that `id` was assigned, keeping the highest: ids are decided from this counter and a
   * replay (which may meet an id again) never lowers it, so ids stay unique and increasing across
   * restarts. Message ids will get a counter of their own here.
   */
  async raiseLastId(counter: 'channel_id', id: number): Promise<void> {
    const current = (await this.counters.findOne({ _id: counter }))?.value ?? 0;
    if (current < id) await this.counters.replaceOne({ _id: counter }, { value: id }, { upsert: true });
  }
}

export const normalizeChannelName = (name: string): string => name.trim().toLowerCase();
