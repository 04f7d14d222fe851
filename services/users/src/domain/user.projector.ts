import type { Projector } from '../projection/projector';
import { applyToDocument } from '../projection/projector';
import { normalizeEmail, type UsersRepository } from '../projection/users.repository';
import { evolveUser, userAggregateId, type UserEvent, type UserState } from './user.state';

const USER_EVENTS = Object.keys({
  'user.created.v1': true,
  'user.created.v2': true,
  'user.deactivated.v1': true,
  'user.reactivated.v1': true,
  'user.role_changed.v1': true,
  'user.full_name_changed.v1': true,
  'user.settings_changed.v1': true,
  'user.profile_data_changed.v1': true,
  'user.email_changed.v1': true,
} satisfies Record<UserEvent['type'], true>) as UserEvent['type'][];

/** Users by id, plus the email index and the last user id assigned. */
export const userProjector = (repo: UsersRepository): Projector => ({
  types: USER_EVENTS,
  async apply(event, envelope) {
    const userEvent = event as UserEvent;
    const { userId } = userEvent.data;
    let written: UserState | undefined;
    await applyToDocument(
      repo.users,
      userAggregateId(userId),
      envelope.sequence,
      (current) => (written = evolveUser(current, userEvent, envelope.sequence)),
    );
    // The in-memory directory sees the new state before the command is answered.
    if (written) repo.userDirectory?.put(written);
    // Side indexes are rewritten idempotently, so a replay that skipped the user document still fixes them.
    if (userEvent.type === 'user.created.v1' || userEvent.type === 'user.created.v2') {
      await repo.emails.replaceOne({ _id: normalizeEmail(userEvent.data.deliveryEmail) }, { userId }, { upsert: true });
      await repo.raiseLastId('user_id', userId);
    }
    if (userEvent.type === 'user.email_changed.v1') {
      const previous = normalizeEmail(userEvent.data.previousEmail);
      const next = normalizeEmail(userEvent.data.deliveryEmail);
      if (previous !== next && (await repo.emails.findOne({ _id: previous }))?.userId === userId)
        await repo.emails.deleteOne({ _id: previous });
      await repo.emails.replaceOne({ _id: next }, { userId }, { upsert: true });
    }
  },
});
