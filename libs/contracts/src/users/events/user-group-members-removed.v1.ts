import { z } from 'zod';

/** These users stopped being direct members of the group. */
export const UserGroupMembersRemovedV1 = z.object({
  type: z.literal('user_group.members_removed.v1'),
  data: z.object({ groupId: z.number().int().positive(), userIds: z.array(z.number().int()).min(1) }),
});
export type UserGroupMembersRemovedV1 = z.infer<typeof UserGroupMembersRemovedV1>;
