import { z } from 'zod';
import { UserSettings } from '../user-settings';
import { UserCreatedV2 } from './user-created.v2';

/**
 * No longer written (see `user.created.v2`): v2's data with the user's credentials in derived form
 * (`passwordHash` scrypt, `apiKeyHash` SHA-256 of the key, `apiKeyNonce` useless without the users
 * service's key secret), and settings absent in events older than settings (Zulip's defaults apply).
 */
export const UserCreatedV1 = z.object({
  type: z.literal('user.created.v1'),
  data: UserCreatedV2.shape.data.extend({
    passwordHash: z.string().nullable(),
    apiKeyHash: z.string().regex(/^[0-9a-f]{64}$/),
    apiKeyNonce: z.string().min(16),
    settings: UserSettings.optional(),
  }),
});
export type UserCreatedV1 = z.infer<typeof UserCreatedV1>;
