import { z } from 'zod';
import { EmailAddressVisibility, RoleSchema, UserId } from '../user-fields';
import { UserSettings } from '../user-settings';

/**
 * A person joined the organization. Carries credentials in derived form only: `passwordHash` is
 * scrypt, `apiKeyHash` is SHA-256 of the key; `apiKeyNonce` is useless without the users
 * service's key secret.
 */
export const UserCreatedV1 = z.object({
  type: z.literal('user.created.v1'),
  data: z.object({
    userId: UserId,
    realmId: z.number().int().positive(),
    deliveryEmail: z.string(),
    fullName: z.string(),
    role: RoleSchema,
    isBot: z.boolean(),
    timezone: z.string(),
    emailAddressVisibility: EmailAddressVisibility,
    dateJoined: z.iso.datetime(),
    passwordHash: z.string().nullable(),
    apiKeyHash: z.string().regex(/^[0-9a-f]{64}$/),
    apiKeyNonce: z.string().min(16),
    /** The organization's defaults at the time the user joined; absent in events older than settings (Zulip's defaults apply). */
    settings: UserSettings.optional(),
  }),
});
export type UserCreatedV1 = z.infer<typeof UserCreatedV1>;
