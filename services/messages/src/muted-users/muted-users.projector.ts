import type { MessagesRepository } from '../projection/messages.repository';
import { applyToDocument, type Projector } from '../projection/projector';
import { evolveMutedUsers, mutedUsersId, noMutedUsers, type MutedUsersEvent } from './muted-users.state';

const MUTED_USERS_EVENTS: readonly MutedUsersEvent['type'][] = ['user.muted.v1', 'user.unmuted.v1'];

/** Each user's muted users, one document per user (at most the organization's users). */
export const mutedUsersProjector = (repo: MessagesRepository): Projector => ({
  types: MUTED_USERS_EVENTS,
  async apply(event, envelope) {
    const muteEvent = event as MutedUsersEvent;
    const { userId } = muteEvent.data;
    await applyToDocument(repo.mutedUsers, mutedUsersId(userId), envelope.sequence, (current) =>
      evolveMutedUsers(current ?? noMutedUsers(userId), muteEvent, envelope.sequence),
    );
  },
});
