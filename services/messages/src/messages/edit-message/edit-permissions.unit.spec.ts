import { channel } from '../../testing/channels.fixtures';
import { channelMessage, SENT_AT } from '../../testing/messages.fixtures';
import { contextOf, organization, U, withRealmSetting } from '../../testing/users.fixtures';
import { checkCanEditTopic, checkCanMoveToChannel, checkTimeLimitForChangeAll } from './edit-permissions';

const DAY = 24 * 3600;
const LATE = SENT_AT + 7 * DAY + 21;
const general = channel(5, { name: 'general' });
const archive = channel(6, { name: 'archive' });
const closed = channel(6, { name: 'archive', settings: { can_send_message_group: 3 } });
const refused = (msg: string) => expect.objectContaining({ msg, code: 'BAD_REQUEST' });

describe('the topic change checks', () => {
  const noTopicMoves = () => withRealmSetting(organization(), 'can_move_messages_between_topics_group', 3);
  const noResolving = () => withRealmSetting(organization(), 'can_resolve_topics_group', 3);
  const check = (model = organization(), toggle: 'resolved' | null = null, now = SENT_AT + 10, actor: number = U.member) => {
    const ctx = contextOf(model, actor);
    checkCanEditTopic(ctx, ctx.actor, general, channelMessage(), toggle, now);
  };

  it('given a member past the 7-day topic limit, when they resolve, then the resolve permission alone decides', () => {
    expect(() => check(organization(), 'resolved', LATE)).not.toThrow();
    expect(() => check(noResolving(), 'resolved')).toThrow(refused("You don't have permission to resolve topics in this channel."));
  });

  it('given a member who may not resolve, when they rename the topic, then the move permission decides instead', () => {
    expect(() => check(noResolving())).not.toThrow();
  });

  it('given a member who may not move topics and is past the limit, when they rename, then the permission is refused first', () => {
    expect(() => check(noTopicMoves(), null, LATE)).toThrow(refused("You don't have permission to edit this message"));
    expect(() => check(organization(), null, LATE)).toThrow(refused("The time limit for editing this message's topic has passed."));
  });

  it('given no topic limit, or a moderator, when they rename an old message, then it is allowed', () => {
    const noLimit = withRealmSetting(organization(), 'move_messages_within_stream_limit_seconds', null);
    expect(() => check(noLimit, null, LATE)).not.toThrow();
    expect(() => check(organization(), null, LATE, U.moderator)).not.toThrow();
  });
});

describe('the channel change checks', () => {
  const noChannelMoves = () => withRealmSetting(organization(), 'can_move_messages_between_channels_group', 3);
  const check = (model = organization(), target = archive, now = SENT_AT + 10, actor: number = U.member) => {
    const ctx = contextOf(model, actor);
    checkCanMoveToChannel(ctx, ctx.actor, general, target, channelMessage(), now);
  };

  it('given a member who may not move out, into a closed target, late, when they move, then moving out is refused first', () => {
    expect(() => check(noChannelMoves(), closed, LATE)).toThrow(refused("You don't have permission to move this message"));
  });

  it('given a closed target, late, when a member moves there, then posting is refused before the time limit', () => {
    expect(() => check(organization(), closed, LATE)).toThrow(refused('You do not have permission to post in this channel.'));
    expect(() => check(organization(), archive, LATE)).toThrow(refused("The time limit for editing this message's channel has passed"));
  });

  it('given a moderator, when they move an old message to an open target, then it is allowed', () => {
    expect(() => check(organization(), archive, LATE, U.moderator)).not.toThrow();
  });
});

describe('the time limit of a whole-topic move', () => {
  const topic = [
    { messageId: 10, timestamp: 0, senderId: U.member },
    { messageId: 20, timestamp: 1_000, senderId: U.member },
  ];

  it('given no applicable limit, when the whole topic moves, then it is allowed whatever its age', () => {
    expect(() => checkTimeLimitForChangeAll(topic, [null, null], 1_000_000)).not.toThrow();
  });

  it('given two limits, when one of them excludes a message, then the stricter one decides what may move', () => {
    expect(() => checkTimeLimitForChangeAll(topic, [100_000, 990], 1_020)).toThrow(
      expect.objectContaining({
        code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
        extra: { first_message_id_allowed_to_move: 20, total_messages_allowed_to_move: 1, total_messages_in_topic: 2 },
      }),
    );
  });

  it('given every message too old, when the whole topic moves, then no message id is allowed', () => {
    expect(() => checkTimeLimitForChangeAll(topic, [10], 2_000)).toThrow(
      expect.objectContaining({
        msg: 'You only have permission to move the 0/2 most recent messages in this topic.',
        extra: { first_message_id_allowed_to_move: null, total_messages_allowed_to_move: 0, total_messages_in_topic: 2 },
      }),
    );
  });
});
