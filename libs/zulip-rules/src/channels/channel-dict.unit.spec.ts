import { aChannel } from '../testing/channels.fixtures';
import { U } from '../testing/groups.fixtures';
import { streamDict, subscriptionFields } from './channel-dict';

const everyoneActive = () => true;

describe("Zulip's channel dict", () => {
  it('shows every field of GET /streams, in order, with the active subscribers counted', () => {
    expect(streamDict(aChannel(), everyoneActive, 3)).toEqual({
      stream_id: 9,
      name: 'design',
      is_archived: false,
      description: 'Where **design** happens',
      rendered_description: '<p>Where <strong>design</strong> happens</p>',
      date_created: 1767323045,
      creator_id: U.owner,
      invite_only: false,
      is_web_public: false,
      stream_post_policy: 1,
      is_announcement_only: false,
      message_retention_days: null,
      history_public_to_subscribers: true,
      topics_policy: 'inherit',
      first_message_id: null,
      folder_id: null,
      is_recently_active: true,
      stream_weekly_traffic: null,
      can_add_subscribers_group: 1,
      can_administer_channel_group: { direct_members: [U.owner], direct_subgroups: [] },
      can_delete_any_message_group: 1,
      can_delete_own_message_group: 1,
      can_move_messages_out_of_channel_group: 1,
      can_move_messages_within_channel_group: 1,
      can_remove_subscribers_group: 3,
      can_send_message_group: 7,
      can_subscribe_group: 1,
      can_resolve_topics_group: 1,
      can_create_topic_group: 7,
      subscriber_count: 3,
    });
  });

  it.each([
    [7, 1],
    [3, 2],
    [5, 3],
    [4, 4],
    [20, 1],
  ])('derives the legacy stream_post_policy from can_send_message_group %i: %i', (group, policy) => {
    const dict = streamDict(aChannel({ settings: { can_send_message_group: group } }), everyoneActive, 0);
    expect(dict).toMatchObject({ stream_post_policy: policy, is_announcement_only: policy === 2 });
  });

  it('leaves deactivated users out of anonymous setting values, and says whether the channel is archived', () => {
    const channel = aChannel({ isArchived: true, settings: { can_subscribe_group: { directMembers: [4, 6], directSubgroups: [20] } } });
    const dict = streamDict(channel, (userId) => userId !== 6, 0);
    expect(dict).toMatchObject({ is_archived: true, can_subscribe_group: { direct_members: [4], direct_subgroups: [20] } });
  });
});

describe("a user's own settings of a subscription", () => {
  it("lays what the user changed over the subscription's color and Zulip's defaults", () => {
    expect(subscriptionFields({}, '#76ce90')).toEqual({
      color: '#76ce90',
      is_muted: false,
      in_home_view: true,
      pin_to_top: false,
      desktop_notifications: null,
      email_notifications: null,
      push_notifications: null,
      audible_notifications: null,
      wildcard_mentions_notify: null,
    });
    expect(subscriptionFields({ color: '#000000', is_muted: true, push_notifications: false }, '#76ce90')).toMatchObject({
      color: '#000000',
      is_muted: true,
      in_home_view: false,
      push_notifications: false,
    });
  });
});
