import { z } from 'zod';
import { UserId } from '../user-fields';

export const UserFullNameChangedV1 = z.object({
  type: z.literal('user.full_name_changed.v1'),
  data: z.object({ userId: UserId, fullName: z.string() }),
});
export type UserFullNameChangedV1 = z.infer<typeof UserFullNameChangedV1>;
