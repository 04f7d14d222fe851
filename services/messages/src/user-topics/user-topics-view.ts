import type { UserTopicsState } from './user-topics.state';

/** One entry of Zulip's `user_topics` (POST /register, fetch type `user_topics`). */
export interface UserTopicView {
  stream_id: number;
  topic_name: string;
  /** Unix seconds. */
  last_updated: number;
  visibility_policy: number;
}

/**
 * Zulip's `get_user_topics(..., include_deactivated=False)` for a user's own POST /register:
 * every policy they have, leaving out archived channels (`isArchived` answers for a channel id).
 */
export function userTopicsView(state: UserTopicsState, isArchived: (channelId: number) => boolean = () => false): UserTopicView[] {
  return state.topics
    .filter((t) => !isArchived(t.channelId))
    .map((t) => ({ stream_id: t.channelId, topic_name: t.topicName, last_updated: t.lastUpdated, visibility_policy: t.visibilityPolicy }));
}
