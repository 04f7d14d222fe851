import { z } from 'zod';
import { RealmCreatedV2 } from './realm-created.v2';

/**
 * No longer written (see `realm.created.v2`): the organization was created, without its settings:
 * such an organization started with `REALM_CREATED_V1_SETTINGS` (libs/zulip-rules).
 */
export const RealmCreatedV1 = z.object({
  type: z.literal('realm.created.v1'),
  data: RealmCreatedV2.shape.data.omit({ settings: true, userSettingsDefaults: true }),
});
export type RealmCreatedV1 = z.infer<typeof RealmCreatedV1>;
