import { z } from 'zod';

export const UserGroupDeactivatedV1 = z.object({
  type: z.literal('user_group.deactivated.v1'),
  data: z.object({ groupId: z.number().int().positive() }),
});
export type UserGroupDeactivatedV1 = z.infer<typeof UserGroupDeactivatedV1>;
