import type { UserStatusChangedV1 } from '@zulip-es/contracts';
import { applyToDocument, type Projector } from '../projection/projector';
import type { UsersRepository } from '../projection/users.repository';
import { evolveUserStatus, userStatusAggregateId } from './user-status.state';

/** Statuses by `user_status:<id>`. */
export const userStatusProjector = (repo: UsersRepository): Projector => ({
  types: ['user_status.changed.v1'],
  async apply(event, envelope) {
    const changed = event as UserStatusChangedV1;
    await applyToDocument(repo.userStatuses, userStatusAggregateId(changed.data.userId), envelope.sequence, (current) =>
      evolveUserStatus(current, changed, envelope.sequence),
    );
  },
});
