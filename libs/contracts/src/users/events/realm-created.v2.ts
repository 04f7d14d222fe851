import { z } from 'zod';
import { RealmSettings } from '../realm-settings';
import { UserSettings } from '../user-settings';

/**
 * The organization was created, with every setting it starts with: a consumer replaying the topic
 * needs no defaults of its own. Later changes come as `realm.setting_changed.v1` (same names) and
 * `realm.user_settings_default_changed.v1`.
 */
export const RealmCreatedV2 = z.object({
  type: z.literal('realm.created.v2'),
  data: z.object({
    realmId: z.number().int().positive(),
    name: z.string(),
    /** The organization's host as users see it (`chat.example.com`, with a port when not 80/443). */
    host: z.string(),
    url: z.string(),
    createdAt: z.iso.datetime(),
    settings: RealmSettings,
    /** What new users' settings start from (Zulip's `realm_user_settings_defaults`). */
    userSettingsDefaults: UserSettings,
  }),
});
export type RealmCreatedV2 = z.infer<typeof RealmCreatedV2>;
