import { z } from 'zod';
import { UserId } from '../user-fields';

export const UserDeactivatedV1 = z.object({
  type: z.literal('user.deactivated.v1'),
  data: z.object({ userId: UserId }),
});
export type UserDeactivatedV1 = z.infer<typeof UserDeactivatedV1>;
