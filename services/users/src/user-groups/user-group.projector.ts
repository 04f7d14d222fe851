import type { Projector } from '../projection/projector';
import { applyToDocument } from '../projection/projector';
import type { UsersRepository } from '../projection/users.repository';
import { evolveUserGroup, userGroupAggregateId, type UserGroupEvent } from './user-group.state';

const USER_GROUP_EVENTS: readonly UserGroupEvent['type'][] = [
  'user_group.created.v1',
  'user_group.updated.v1',
  'user_group.members_added.v1',
  'user_group.members_removed.v1',
  'user_group.subgroups_added.v1',
  'user_group.subgroups_removed.v1',
  'user_group.deactivated.v1',
];

/** Groups by id, plus the last group id assigned (so ids come from the events, as user ids do). */
export const userGroupProjector = (repo: UsersRepository): Projector => ({
  types: USER_GROUP_EVENTS,
  async apply(event, envelope) {
    const groupEvent = event as UserGroupEvent;
    const { groupId } = groupEvent.data;
    await applyToDocument(repo.userGroups, userGroupAggregateId(groupId), envelope.sequence, (current) =>
      evolveUserGroup(current, groupEvent, envelope.sequence),
    );
    if (groupEvent.type === 'user_group.created.v1') await repo.raiseLastId('group_id', groupId);
  },
});
