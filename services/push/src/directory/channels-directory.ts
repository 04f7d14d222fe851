import { eventsTopic, MessagesEvent, VisibilityPolicy, type EventEnvelope } from '@zulip-es/contracts';
import type { ReadModel } from '@zulip-es/platform';

interface Channel {
  name: string;
  subscribers: Set<number>;
}

/**
 * The push service's copy of the channels from `messages.events`: their names and subscribers,
 * and the topics users muted or follow, which decide who is notified of a channel message.
 */
export class ChannelsDirectory implements ReadModel {
  readonly name = 'channels';
  readonly topics = [eventsTopic('messages')];
  readonly eventTypes: ReadonlySet<MessagesEvent['type']> = new Set([
    'channel.created.v1',
    'channel.subscribers_added.v1',
    'channel.subscribers_removed.v1',
    'user_topic.visibility_policy_changed.v1',
  ] as const);
  private readonly channels = new Map<number, Channel>();
  /** `<userId>:<channelId>:<topic, lower case>` → a policy other than INHERIT. */
  private readonly policies = new Map<string, VisibilityPolicy>();

  channelName(channelId: number): string | undefined {
    return this.channels.get(channelId)?.name;
  }

  subscribers(channelId: number): ReadonlySet<number> {
    return this.channels.get(channelId)?.subscribers ?? new Set();
  }

  /** Zulip matches topics case-insensitively. */
  topicPolicy(userId: number, channelId: number, topic: string): VisibilityPolicy {
    return this.policies.get(policyKey(userId, channelId, topic)) ?? VisibilityPolicy.INHERIT;
  }

  apply(envelope: EventEnvelope): void {
    const parsed = MessagesEvent.safeParse({ type: envelope.type, data: envelope.data });
    if (!parsed.success) return;
    const event = parsed.data;
    switch (event.type) {
      case 'channel.created.v1':
        this.channels.set(event.data.channelId, { name: event.data.name, subscribers: new Set() });
        return;
      case 'channel.subscribers_added.v1':
        for (const { userId } of event.data.subscribers) this.channels.get(event.data.channelId)?.subscribers.add(userId);
        return;
      case 'channel.subscribers_removed.v1':
        for (const userId of event.data.userIds) this.channels.get(event.data.channelId)?.subscribers.delete(userId);
        return;
      case 'user_topic.visibility_policy_changed.v1': {
        const { userId, channelId, topicName, visibilityPolicy } = event.data;
        const key = policyKey(userId, channelId, topicName);
        if (visibilityPolicy === VisibilityPolicy.INHERIT) this.policies.delete(key);
        else this.policies.set(key, visibilityPolicy);
        return;
      }
      default:
        return;
    }
  }
}

const policyKey = (userId: number, channelId: number, topic: string): string => `${userId}:${channelId}:${topic.toLowerCase()}`;
