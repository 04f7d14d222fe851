import { z } from 'zod';
import { UserGroupSettingsEventValue } from '../group-setting-value';

/**
 * A user group came to be: a role-based system group when the organization is created
 * (`isSystemGroup`, no creator, members derived from roles), or a group a user created.
 */
export const UserGroupCreatedV1 = z.object({
  type: z.literal('user_group.created.v1'),
  data: z.object({
    groupId: z.number().int().positive(),
    name: z.string(),
    description: z.string(),
    isSystemGroup: z.boolean(),
    creatorId: z.number().int().nullable(),
    dateCreated: z.iso.datetime().nullable(),
    /** Direct members (always empty for system groups: see docs/events.md). */
    memberIds: z.array(z.number().int()),
    subgroupIds: z.array(z.number().int()),
    settings: UserGroupSettingsEventValue,
  }),
});
export type UserGroupCreatedV1 = z.infer<typeof UserGroupCreatedV1>;
