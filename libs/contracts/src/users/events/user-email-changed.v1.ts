import { z } from 'zod';
import { UserId } from '../user-fields';

/** An owner changed a user's real (delivery) email address. */
export const UserEmailChangedV1 = z.object({
  type: z.literal('user.email_changed.v1'),
  data: z.object({ userId: UserId, deliveryEmail: z.string(), previousEmail: z.string() }),
});
export type UserEmailChangedV1 = z.infer<typeof UserEmailChangedV1>;
