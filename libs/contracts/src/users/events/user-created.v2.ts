import { z } from 'zod';
import { EmailAddressVisibility, RoleSchema, UserId } from '../user-fields';
import { UserSettings } from '../user-settings';

/**
 * A person (or bot) joined the organization, with the settings they start with. Their password
 * and API key material is on the private `users.credentials` topic, never here.
 */
export const UserCreatedV2 = z.object({
  type: z.literal('user.created.v2'),
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
    settings: UserSettings,
  }),
});
export type UserCreatedV2 = z.infer<typeof UserCreatedV2>;
