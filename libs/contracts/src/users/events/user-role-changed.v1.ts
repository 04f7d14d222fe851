import { z } from 'zod';
import { RoleSchema, UserId } from '../user-fields';

export const UserRoleChangedV1 = z.object({
  type: z.literal('user.role_changed.v1'),
  data: z.object({ userId: UserId, role: RoleSchema }),
});
export type UserRoleChangedV1 = z.infer<typeof UserRoleChangedV1>;
