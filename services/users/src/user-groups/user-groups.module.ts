import { Module } from '@nestjs/common';
import { UsersProjectionModule } from '../projection/users-projection.module';
import { CreateUserGroupHandler } from './create-user-group/create-user-group.handler';
import { DeactivateUserGroupHandler } from './deactivate-user-group/deactivate-user-group.handler';
import { ReadUserGroupsHandler } from './read-user-groups/read-user-groups.handler';
import { UpdateUserGroupMembersHandler } from './update-user-group-members/update-user-group-members.handler';
import { UpdateUserGroupSubgroupsHandler } from './update-user-group-subgroups/update-user-group-subgroups.handler';
import { UpdateUserGroupHandler } from './update-user-group/update-user-group.handler';

/** User groups: named and system groups, their members, subgroups and permission settings. */
@Module({
  imports: [UsersProjectionModule],
  controllers: [
    ReadUserGroupsHandler,
    CreateUserGroupHandler,
    UpdateUserGroupHandler,
    UpdateUserGroupMembersHandler,
    UpdateUserGroupSubgroupsHandler,
    DeactivateUserGroupHandler,
  ],
})
export class UserGroupsModule {}
