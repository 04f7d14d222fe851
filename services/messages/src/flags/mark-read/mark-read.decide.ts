import type { UnreadMessagesClearedV1 } from '@zulip-es/contracts';
import { topicKey } from '../../messages/message.state';
import type { Place, Received } from '../received-messages';
import { userFlagsId } from '../user-flags.state';
import { decideFlagChange, type FlagsState } from '../update-flags/update-flags.decide';
import type { MessagesNewEvent } from '../../shared/messages-new-event';

/** Mark all as read: everything received through the newest message, at once. */
export function decideMarkAllRead(state: Pick<FlagsState, 'userId' | 'version' | 'lastMessageId'>): MessagesNewEvent[] {
  const cleared: UnreadMessagesClearedV1 = {
    type: 'unread_messages.cleared.v1',
    data: { userId: state.userId, throughMessageId: state.lastMessageId },
  };
  return [{ ...cleared, aggregateId: userFlagsId(state.userId), sequence: state.version + 1 }];
}

/** Where a channel or a topic of it marked read is: the unread messages placed there are read. */
export interface ReadScope {
  channelId: number;
  /** A topic of the channel (matched as Zulip matches topics, without case); none: the whole channel. */
  topic?: string;
}

const inScope =
  (scope: ReadScope) =>
  (place: Place): boolean =>
    place.type === 'channel' &&
    place.channelId === scope.channelId &&
    (scope.topic === undefined || topicKey(place.topic) === topicKey(scope.topic));

/** Zulip's `do_mark_stream_messages_as_read`: the user's unread messages of a channel, or of one of its topics. */
export function decideMarkScopeRead(state: FlagsState, scope: ReadScope, unread: readonly Received[]): MessagesNewEvent[] {
  const messageIds = unread.filter((m) => inScope(scope)(m.place)).map((m) => m.id);
  return decideFlagChange({ flag: 'read', op: 'add' }, state, { eligible: messageIds, flagged: new Set() });
}
