import {
  MAX_MESSAGE_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_STREAM_DESCRIPTION_LENGTH,
  MAX_CHANNEL_FOLDER_NAME_LENGTH,
  MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH,
  MAX_REMINDER_NOTE_LENGTH,
  MAX_STREAM_NAME_LENGTH,
  MAX_TOPIC_LENGTH,
  REALM_EMPTY_TOPIC_DISPLAY_NAME,
  SERVER_EMOJI_DATA_PATH,
  THUMBNAIL_FORMATS,
  thumbnailFormatName,
} from '@zulip-es/contracts';
import type { RealmState } from '../domain/realm.state';
import { OFFLINE_THRESHOLD_SECONDS, PRESENCE_PING_INTERVAL_SECONDS } from '../presence/presence.rules';
import { MIN_PASSWORD_LENGTH } from '../shared/user-rules';
import { supportedPermissionSettings } from '../user-groups/permission-settings-view';
import type { RegisterContext } from './register-section';

/**
 * Zulip's typing protocol periods (`TYPING_STARTED_EXPIRY_PERIOD_MILLISECONDS` and the two wait
 * periods): clients pace and expire typing notifications by them; the server relays each
 * notification as it comes and keeps no typing state of its own.
 */
const TYPING_STARTED_EXPIRY_PERIOD_MS = 15_000;
const TYPING_STOPPED_WAIT_PERIOD_MS = 5_000;
const TYPING_STARTED_WAIT_PERIOD_MS = 10_000;

/** Zulip's `Realm.GIPHY_RATING_OPTIONS`: what an administrator could choose from. */
const GIPHY_RATING_OPTIONS = {
  disabled: { name: 'GIPHY integration disabled', id: 0 },
  y: { name: 'Allow GIFs rated Y (Very young audience)', id: 1 },
  g: { name: 'Allow GIFs rated G (General audience)', id: 2 },
  pg: { name: 'Allow GIFs rated PG (Parental guidance)', id: 3 },
  'pg-13': { name: 'Allow GIFs rated PG-13 (Parental guidance - under 13)', id: 4 },
  r: { name: 'Allow GIFs rated R (Restricted)', id: 5 },
};

/**
 * The server's own parameters in the `realm` fetch type: the limits it checks, the pace it
 * expects of clients (presence pings, typing), when this process started, and where it serves
 * the emoji data, and how messages preview images.
 */
export function serverParameters({ realm, startedAt }: Pick<RegisterContext, 'realm' | 'startedAt'>): Record<string, unknown> {
  return {
    max_topic_length: MAX_TOPIC_LENGTH,
    max_message_length: MAX_MESSAGE_LENGTH,
    max_stream_name_length: MAX_STREAM_NAME_LENGTH,
    max_stream_description_length: MAX_STREAM_DESCRIPTION_LENGTH,
    max_channel_folder_name_length: MAX_CHANNEL_FOLDER_NAME_LENGTH,
    max_reminder_note_length: MAX_REMINDER_NOTE_LENGTH,
    max_channel_folder_description_length: MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH,
    realm_empty_topic_display_name: REALM_EMPTY_TOPIC_DISPLAY_NAME,
    server_presence_ping_interval_seconds: PRESENCE_PING_INTERVAL_SECONDS,
    server_presence_offline_threshold_seconds: OFFLINE_THRESHOLD_SECONDS,
    server_typing_started_expiry_period_milliseconds: TYPING_STARTED_EXPIRY_PERIOD_MS,
    server_typing_stopped_wait_period_milliseconds: TYPING_STOPPED_WAIT_PERIOD_MS,
    server_typing_started_wait_period_milliseconds: TYPING_STARTED_WAIT_PERIOD_MS,
    password_min_length: MIN_PASSWORD_LENGTH,
    password_max_length: MAX_PASSWORD_LENGTH,
    server_generation: Math.floor(startedAt.getTime() / 1000),
    development_environment: false,
    server_needs_upgrade: false,
    server_emoji_data_url: emojiDataUrl(realm),
    giphy_rating_options: GIPHY_RATING_OPTIONS,
    server_supported_permission_settings: supportedPermissionSettings(),
    // The server previews linked images, videos and YouTube videos (as organizations choose); uploaded images show a thumbnail.
    server_inline_image_preview: true,
    server_thumbnail_formats: THUMBNAIL_FORMATS.map((f) => ({
      name: thumbnailFormatName(f),
      max_width: f.maxWidth,
      max_height: f.maxHeight,
      format: f.extension,
      animated: f.animated,
    })),
  };
}

const emojiDataUrl = (realm: Pick<RealmState, 'url'>): string => new URL(SERVER_EMOJI_DATA_PATH, realm.url).toString();
