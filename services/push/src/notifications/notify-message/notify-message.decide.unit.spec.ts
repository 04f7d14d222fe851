import { VisibilityPolicy, type NotifyMessage } from '@zulip-es/contracts';
import { DEFAULT_PUSH_SETTINGS, type DirectoryUser, type PushSettings } from '../../directory/users-directory';
import { decideNotifyMessage, type NotificationContext } from './notify-message.decide';

const SENDER = 1;
const person = (userId: number, settings: Partial<PushSettings> = {}, rest: Partial<DirectoryUser> = {}): DirectoryUser => ({
  userId,
  fullName: `User ${userId}`,
  email: `user${userId}@example.com`,
  active: true,
  isBot: false,
  settings: { ...DEFAULT_PUSH_SETTINGS, ...settings },
  ...rest,
});

/** Given these users (and channel 9's subscribers and topic policies), when the message is sent… */
function given(
  users: DirectoryUser[],
  channel: { subscribers?: number[]; policies?: Record<string, VisibilityPolicy>; online?: number[] } = {},
): NotificationContext {
  return {
    user: (id) => users.find((u) => u.userId === id),
    subscribers: () => new Set(channel.subscribers ?? []),
    topicPolicy: (userId, _channelId, topic) => channel.policies?.[`${userId}:${topic.toLowerCase()}`] ?? VisibilityPolicy.INHERIT,
    online: (id) => channel.online?.includes(id) ?? false,
  };
}
const direct = (userIds: number[], renderedContent = '<p>hello</p>'): NotifyMessage => ({
  messageId: 50,
  senderId: SENDER,
  conversation: { type: 'direct', userIds },
  renderedContent,
  sentAt: '2026-11-22T10:00:00.000Z',
});
const inChannel = (topic: string, renderedContent = '<p>hello</p>'): NotifyMessage => ({
  ...direct([]),
  conversation: { type: 'channel', channelId: 9, topic },
  renderedContent,
});
const recipientsOf = (events: ReturnType<typeof decideNotifyMessage>) => (events[0]?.data.recipients as unknown[] | undefined) ?? [];

describe('deciding whom to notify of a sent message', () => {
  it('notifies the other participants of a direct message, not the sender, bots or deactivated users', () => {
    const context = given([person(SENDER), person(2), person(3), person(4, {}, { isBot: true }), person(5, {}, { active: false })]);
    const events = decideNotifyMessage(direct([1, 2, 3, 4, 5]), context);
    expect(events).toEqual([
      {
        type: 'push_notification.requested.v1',
        aggregateId: 'push_notification:50',
        sequence: 1,
        data: {
          messageId: 50,
          senderId: SENDER,
          conversation: { type: 'direct', userIds: [1, 2, 3, 4, 5] },
          sentAt: '2026-11-22T10:00:00.000Z',
          content: 'hello',
          contentTruncated: false,
          recipients: [
            { userId: 2, trigger: 'private_message' },
            { userId: 3, trigger: 'private_message' },
          ],
        },
      },
    ]);
  });

  it('skips users who turned offline pushes off, and online users without online pushes', () => {
    const context = given(
      [
        person(SENDER),
        person(2, { enable_offline_push_notifications: false }),
        person(3, { enable_online_push_notifications: false }),
        person(4),
      ],
      { online: [3, 4] },
    );
    expect(recipientsOf(decideNotifyMessage(direct([1, 2, 3, 4]), context))).toEqual([{ userId: 4, trigger: 'private_message' }]);
  });

  it('decides nothing when nobody is to be notified', () => {
    expect(decideNotifyMessage(direct([SENDER]), given([person(SENDER)]))).toEqual([]);
  });

  it('notifies channel subscribers who are mentioned, follow the topic or turned channel pushes on; a silent mention is no mention', () => {
    const users = [
      person(SENDER),
      person(2),
      person(3),
      person(4, { enable_stream_push_notifications: true }),
      person(5),
      person(6, { enable_followed_topic_push_notifications: false }),
    ];
    const context = given(users, {
      subscribers: [1, 2, 3, 4, 5, 6],
      policies: { '3:lunch': VisibilityPolicy.FOLLOWED, '6:lunch': VisibilityPolicy.FOLLOWED },
    });
    const content =
      '<p><span class="user-mention" data-user-id="2">@User 2</span> <span class="user-mention silent" data-user-id="5">User 5</span></p>';
    expect(recipientsOf(decideNotifyMessage(inChannel('Lunch', content), context))).toEqual([
      { userId: 2, trigger: 'mentioned' },
      { userId: 3, trigger: 'followed_topic_push_notify' },
      { userId: 4, trigger: 'stream_push_notify' },
    ]);
  });

  it('notifies no one of a topic they muted but those it mentions', () => {
    const users = [
      person(SENDER),
      person(2, { enable_stream_push_notifications: true }),
      person(3, { enable_stream_push_notifications: true }),
    ];
    const context = given(users, {
      subscribers: [1, 2, 3],
      policies: { '2:lunch': VisibilityPolicy.MUTED, '3:lunch': VisibilityPolicy.MUTED },
    });
    const content = '<p><span class="user-mention" data-user-id="3">@User 3</span></p>';
    expect(recipientsOf(decideNotifyMessage(inChannel('lunch', content), context))).toEqual([{ userId: 3, trigger: 'mentioned' }]);
  });

  it('notifies mentioned users who are not subscribed of nothing', () => {
    const content = '<p><span class="user-mention" data-user-id="2">@User 2</span></p>';
    expect(decideNotifyMessage(inChannel('lunch', content), given([person(SENDER), person(2)], { subscribers: [1] }))).toEqual([]);
  });

  describe('wildcard mentions', () => {
    const ALL = '<span class="user-mention channel-wildcard-mention" data-user-id="*">@all</span>';
    const TOPIC = '<span class="topic-mention">@topic</span>';
    const topicMention = (participants: number[]): NotifyMessage => ({
      ...inChannel('lunch', `<p>${TOPIC} now</p>`),
      topicParticipantIds: participants,
    });

    it('notifies every subscriber of a channel wildcard, but those who turned wildcard notifications off or muted the topic', () => {
      const users = [
        person(SENDER),
        person(2),
        person(3, { wildcard_mentions_notify: false }),
        person(4),
        person(5, { enable_offline_push_notifications: false }),
      ];
      const context = given(users, { subscribers: [1, 2, 3, 4, 5], policies: { '4:lunch': VisibilityPolicy.MUTED } });
      expect(recipientsOf(decideNotifyMessage(inChannel('lunch', `<p>${ALL} lunch!</p>`), context))).toEqual([
        { userId: 2, trigger: 'stream_wildcard_mentioned' },
      ]);
    });

    it("notifies the topic's participants of a topic wildcard, not the other subscribers", () => {
      const context = given([person(SENDER), person(2), person(3), person(4, { wildcard_mentions_notify: false })], {
        subscribers: [1, 2, 3, 4],
      });
      expect(recipientsOf(decideNotifyMessage(topicMention([1, 2, 4]), context))).toEqual([
        { userId: 2, trigger: 'topic_wildcard_mentioned' },
      ]);
    });

    it('says a wildcard reached a followed topic, by the followed-topic wildcard setting, before the plain wildcard', () => {
      const users = [
        person(SENDER),
        person(2, { wildcard_mentions_notify: false }),
        person(3, { enable_followed_topic_wildcard_mentions_notify: false }),
      ];
      const context = given(users, {
        subscribers: [1, 2, 3],
        policies: { '2:lunch': VisibilityPolicy.FOLLOWED, '3:lunch': VisibilityPolicy.FOLLOWED },
      });
      expect(recipientsOf(decideNotifyMessage(topicMention([2, 3]), context))).toEqual([
        { userId: 2, trigger: 'topic_wildcard_mentioned_in_followed_topic' },
        { userId: 3, trigger: 'topic_wildcard_mentioned' },
      ]);
      expect(recipientsOf(decideNotifyMessage(inChannel('lunch', `<p>${ALL}</p>`), context))).toEqual([
        { userId: 2, trigger: 'stream_wildcard_mentioned_in_followed_topic' },
        { userId: 3, trigger: 'stream_wildcard_mentioned' },
      ]);
    });

    it('lets a personal mention win over a wildcard, and a silent wildcard notify no one', () => {
      const context = given([person(SENDER), person(2), person(3)], { subscribers: [1, 2, 3] });
      const content = `<p><span class="user-mention" data-user-id="2">@User 2</span> ${ALL}</p>`;
      expect(recipientsOf(decideNotifyMessage(inChannel('lunch', content), context))).toEqual([
        { userId: 2, trigger: 'mentioned' },
        { userId: 3, trigger: 'stream_wildcard_mentioned' },
      ]);
      const silent =
        '<p><span class="user-mention channel-wildcard-mention silent" data-user-id="*">all</span> <span class="topic-mention silent">topic</span></p>';
      expect(decideNotifyMessage({ ...inChannel('lunch', silent), topicParticipantIds: [2, 3] }, context)).toEqual([]);
    });
  });
});
