import type { UserSettingName, UserSettingsPatch } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import {
  AVAILABLE_NOTIFICATION_SOUNDS,
  ENUMERATED_INT_SETTINGS,
  FREE_INT_SETTINGS,
  MAX_EMAIL_BATCHING_PERIOD_SECONDS,
  STRING_CHOICE_SETTINGS,
} from './user-settings.rules';

export interface SettingsCheckOptions {
  /**
   * String settings the endpoint declares as a `Literal` (pydantic says `Invalid <name>`) rather
   * than through `check_string_in_validator` (`Invalid <name>: Value error, …`). Zulip's two
   * endpoints differ here for `web_home_view` and `web_animate_image_previews`.
   */
  literalStrings: ReadonlySet<UserSettingName>;
}

const notInList = (name: string) => badRequest(`Invalid ${name}: Value error, Not in the list of possible values`);

/**
 * Every value checked against what its setting accepts, with Zulip's messages and in Zulip's
 * order: parameters alphabetically (the order its views declare them), then the sound and the
 * batching period (`check_settings_values`). The types were checked by the operation's schema.
 */
export function checkUserSettings(patch: UserSettingsPatch, options: SettingsCheckOptions): void {
  for (const name of (Object.keys(patch) as UserSettingName[]).sort()) {
    const value = patch[name];
    if (value === undefined) continue;
    const ints = ENUMERATED_INT_SETTINGS[name];
    if (ints && !ints.includes(value as number)) throw notInList(name);
    const range = FREE_INT_SETTINGS[name];
    if (range && (value as number) < range.min) throw badRequest(`${name} is too small`);
    if (range && (value as number) > range.max) throw badRequest(`${name} is too large`);
    const strings = STRING_CHOICE_SETTINGS[name];
    if (strings && !strings.includes(value as string)) {
      const literal = options.literalStrings.has(name) || name === 'resolved_topic_notice_auto_read_policy';
      throw literal ? badRequest(`Invalid ${name}`) : notInList(name);
    }
  }
  const sound = patch.notification_sound;
  if (sound !== undefined && sound !== 'none' && !AVAILABLE_NOTIFICATION_SOUNDS.includes(sound)) {
    throw badRequest(`Invalid notification sound '${sound}'`);
  }
  const period = patch.email_notifications_batching_period_seconds;
  if (period !== undefined && (period <= 0 || period > MAX_EMAIL_BATCHING_PERIOD_SECONDS)) {
    throw badRequest(`Invalid email batching period: ${period} seconds`);
  }
}
