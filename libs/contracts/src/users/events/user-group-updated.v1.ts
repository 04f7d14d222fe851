import { z } from 'zod';
import { UserGroupSettingsEventValue } from '../group-setting-value';

/** Some of a group's name, description, permission settings or activation changed: only those are present. */
export const UserGroupUpdatedV1 = z.object({
  type: z.literal('user_group.updated.v1'),
  data: z.object({
    groupId: z.number().int().positive(),
    name: z.string().optional(),
    description: z.string().optional(),
    /** `false`: the group was reactivated (deactivation is `user_group.deactivated.v1`). */
    deactivated: z.literal(false).optional(),
    settings: UserGroupSettingsEventValue.partial().optional(),
  }),
});
export type UserGroupUpdatedV1 = z.infer<typeof UserGroupUpdatedV1>;
