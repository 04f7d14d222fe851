/**
 * What a message's rendering says about mentions (Zulip's `MentionData`): the users mentioned by
 * name (not silently), and whether it mentions the whole channel (`@**all**`, `@**everyone**`,
 * `@**channel**`, legacy `@**stream**`) or the topic's participants (`@**topic**`). A silent
 * mention (`@_**…**`, class `silent`) mentions no one.
 */
export interface MessageMentions {
  userIds: ReadonlySet<number>;
  channelWildcard: boolean;
  topicWildcard: boolean;
}

const USER_MENTION = /<span class="user-mention" data-user-id="(\d+)">/g;
const CHANNEL_WILDCARD = '<span class="user-mention channel-wildcard-mention" data-user-id="*">';
const TOPIC_WILDCARD = '<span class="topic-mention">';

export function mentionsIn(renderedContent: string): MessageMentions {
  const userIds = new Set<number>();
  for (const [, id] of renderedContent.matchAll(USER_MENTION)) userIds.add(Number(id));
  return { userIds, channelWildcard: renderedContent.includes(CHANNEL_WILDCARD), topicWildcard: renderedContent.includes(TOPIC_WILDCARD) };
}

/** Whether the message mentions this reader in any way that sets a flag (Zulip's `mentions` of `unread_msgs`). */
export function mentionsReader(mentions: MessageMentions, readerId: number, topicParticipantIds: readonly number[] = []): boolean {
  return mentions.userIds.has(readerId) || mentions.channelWildcard || (mentions.topicWildcard && topicParticipantIds.includes(readerId));
}
