import { updateUser, updateUserByEmail, type OperationData } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { UserState } from '../domain/user.state';
import { loadActor, type UsersDeps } from '../shared/users-deps';
import { userByEmailFor } from '../shared/user-by-email';
import { decideUpdateUser, type UpdateUser, type UpdateUserState } from './update-user.decide';

/** `PATCH /users/{user_id}`. */
export function updateUserHandler(deps: UsersDeps): CommandHandler<OperationData<typeof updateUser>> {
  return {
    kind: 'command',
    schema: updateUser.params,
    async handle({ data, actorId }) {
      // Both by id, so read side by side: E5 is decided one at a time for the whole organization.
      const [{ actor }, target] = await Promise.all([loadActor(deps.repo, actorId), deps.repo.user(data.user_id)]);
      return { events: await decide(deps, actor, target, data), reply: {} };
    },
    replyFrom: () => ({}),
  };
}

/** `PATCH /users/{email}`: the same change; the user named by a dummy or a visible real address. */
export function updateUserByEmailHandler(deps: UsersDeps): CommandHandler<OperationData<typeof updateUserByEmail>> {
  return {
    kind: 'command',
    schema: updateUserByEmail.params,
    async handle({ data, actorId }) {
      const { actor, realm } = await loadActor(deps.repo, actorId);
      return { events: await decide(deps, actor, await userByEmailFor(deps.repo, actor, realm, data.email), data), reply: {} };
    },
    replyFrom: () => ({}),
  };
}

/** Loads only what the request's parts need, then decides. */
async function decide({ repo, config }: UsersDeps, actor: UserState, target: UserState | null, cmd: UpdateUser) {
  const state: UpdateUserState = { actor, target, activeOwners: await repo.activeOwnerCount() };
  if (cmd.profile_data !== undefined) {
    const [fields, users] = await Promise.all([repo.profileFieldsState(), repo.allUsers()]);
    state.profileFields = fields.fields;
    state.users = new Map(users.map((u) => [u.userId, u]));
  }
  if (cmd.new_email !== undefined) {
    state.canChangeUserEmails = config.CAN_CHANGE_USER_EMAILS.includes(actor.userId);
    state.emailHolder = await repo.userByEmail(cmd.new_email.trim());
  }
  return decideUpdateUser(cmd, state);
}
