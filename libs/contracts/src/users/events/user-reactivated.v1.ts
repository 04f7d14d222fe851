import { z } from 'zod';
import { UserId } from '../user-fields';

export const UserReactivatedV1 = z.object({
  type: z.literal('user.reactivated.v1'),
  data: z.object({ userId: UserId }),
});
export type UserReactivatedV1 = z.infer<typeof UserReactivatedV1>;
