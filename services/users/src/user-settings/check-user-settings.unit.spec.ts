import type { UserSettingsPatch } from '@zulip-es/contracts';
import { checkUserSettings } from './check-user-settings';

const realmDefaults = { literalStrings: new Set(['web_home_view', 'web_animate_image_previews'] as const) };
const ownSettings = { literalStrings: new Set<never>() };
const refuses = (patch: UserSettingsPatch, msg: string, options = realmDefaults) =>
  expect(() => checkUserSettings(patch, options)).toThrow(expect.objectContaining({ code: 'BAD_REQUEST', msg }));

describe('checking setting values', () => {
  it('accepts every kind of setting at an allowed value', () => {
    expect(() =>
      checkUserSettings(
        {
          enter_sends: true,
          color_scheme: 2,
          email_address_visibility: 5,
          web_channel_default_view: 4,
          web_font_size_px: 20,
          web_home_view: 'all_messages',
          web_animate_image_previews: 'never',
          emojiset: 'google-blob',
          resolved_topic_notice_auto_read_policy: 'never',
          notification_sound: 'ding',
          email_notifications_batching_period_seconds: 7 * 24 * 3600,
        },
        realmDefaults,
      ),
    ).not.toThrow();
  });

  it.each([
    ['color_scheme', 4],
    ['color_scheme', 0],
    ['web_mark_read_on_scroll_policy', 4],
    ['web_channel_default_view', 5],
    ['demote_inactive_streams', 4],
    ['user_list_style', 4],
    ['web_stream_unreads_count_display_policy', 0],
    ['desktop_icon_count_display', 5],
    ['realm_name_in_email_notifications_policy', 4],
    ['automatically_follow_topics_policy', 5],
    ['automatically_unmute_topics_in_muted_streams_policy', 0],
    ['email_address_visibility', 6],
  ])('refuses %s = %d: not in the list of possible values', (name, value) => {
    refuses({ [name]: value }, `Invalid ${name}: Value error, Not in the list of possible values`);
  });

  it('refuses an unknown emoji set the way check_string_in_validator does', () => {
    refuses({ emojiset: 'apple' }, 'Invalid emojiset: Value error, Not in the list of possible values');
  });

  it.each([
    ['web_home_view', 'stream'],
    ['web_animate_image_previews', 'sometimes'],
    ['resolved_topic_notice_auto_read_policy', 'maybe'],
  ])('refuses %s = %s with "Invalid <name>" for the organization defaults', (name, value) => {
    refuses({ [name]: value }, `Invalid ${name}`);
  });

  it("words the home view and animation choices as value errors for a user's own settings", () => {
    refuses({ web_home_view: 'stream' }, 'Invalid web_home_view: Value error, Not in the list of possible values', ownSettings);
    refuses(
      { web_animate_image_previews: 'x' },
      'Invalid web_animate_image_previews: Value error, Not in the list of possible values',
      ownSettings,
    );
    refuses({ resolved_topic_notice_auto_read_policy: 'x' }, 'Invalid resolved_topic_notice_auto_read_policy', ownSettings);
  });

  it('refuses a notification sound the server does not have, and accepts "none"', () => {
    refuses({ notification_sound: 'klaxon' }, "Invalid notification sound 'klaxon'");
    expect(() => checkUserSettings({ notification_sound: 'none' }, realmDefaults)).not.toThrow();
  });

  it.each([0, -1, 7 * 24 * 3600 + 1])('refuses an email batching period of %d seconds', (seconds) => {
    refuses({ email_notifications_batching_period_seconds: seconds }, `Invalid email batching period: ${seconds} seconds`);
  });

  it('refuses a negative or oversized free integer', () => {
    refuses({ web_font_size_px: -1 }, 'web_font_size_px is too small');
    refuses({ web_line_height_percent: 40000 }, 'web_line_height_percent is too large');
  });

  it('reports the first bad parameter by name, then the sound, then the batching period', () => {
    refuses({ user_list_style: 9, color_scheme: 9 }, 'Invalid color_scheme: Value error, Not in the list of possible values');
    refuses({ notification_sound: 'klaxon', web_home_view: 'x' }, 'Invalid web_home_view');
    refuses({ email_notifications_batching_period_seconds: 0, notification_sound: 'klaxon' }, "Invalid notification sound 'klaxon'");
  });
});
