import { z } from 'zod';

/** These groups stopped being direct subgroups of the group. */
export const UserGroupSubgroupsRemovedV1 = z.object({
  type: z.literal('user_group.subgroups_removed.v1'),
  data: z.object({ groupId: z.number().int().positive(), subgroupIds: z.array(z.number().int()).min(1) }),
});
export type UserGroupSubgroupsRemovedV1 = z.infer<typeof UserGroupSubgroupsRemovedV1>;
