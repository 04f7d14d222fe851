import { z } from 'zod';

/** These groups became direct subgroups of the group. */
export const UserGroupSubgroupsAddedV1 = z.object({
  type: z.literal('user_group.subgroups_added.v1'),
  data: z.object({ groupId: z.number().int().positive(), subgroupIds: z.array(z.number().int()).min(1) }),
});
export type UserGroupSubgroupsAddedV1 = z.infer<typeof UserGroupSubgroupsAddedV1>;
