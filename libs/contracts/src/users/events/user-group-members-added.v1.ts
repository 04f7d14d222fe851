import { z } from 'zod';

/** These users became direct members of the group. */
export const UserGroupMembersAddedV1 = z.object({
  type: z.literal('user_group.members_added.v1'),
  data: z.object({ groupId: z.number().int().positive(), userIds: z.array(z.number().int()).min(1) }),
});
export type UserGroupMembersAddedV1 = z.infer<typeof UserGroupMembersAddedV1>;
