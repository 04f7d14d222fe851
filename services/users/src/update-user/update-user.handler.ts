import { Controller, Inject } from '@nestjs/common';
import { updateUser, updateUserByEmail } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type OperationContext } from '@zulip-es/platform';
import type { UserState } from '../domain/user.state';
import { loadActor, USERS_DEPS, type UsersDeps } from '../shared/users-deps';
import { userByEmailFor } from '../shared/user-by-email';
import { decideUpdateUser, type UpdateUser, type UpdateUserState } from './update-user.decide';

@Controller()
export class UpdateUserHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  /** `PATCH /users/{user_id}`. */
  @CommandPattern(updateUser)
  async updateById({ data, actorId }: OperationContext<typeof updateUser>): Promise<Decision> {
    const { repo } = this.deps;
    // Both by id, so read side by side: E5 is decided one at a time for the whole organization.
    const [{ actor }, target] = await Promise.all([loadActor(repo, actorId), repo.user(data.user_id)]);
    return { events: await decide(this.deps, actor, target, data), reply: {} };
  }

  /** `PATCH /users/{email}`: the same change; the user named by a dummy or a visible real address. */
  @CommandPattern(updateUserByEmail)
  async updateByEmail({ data, actorId }: OperationContext<typeof updateUserByEmail>): Promise<Decision> {
    const { repo } = this.deps;
    const { actor, realm } = await loadActor(repo, actorId);
    return { events: await decide(this.deps, actor, await userByEmailFor(repo, actor, realm, data.email), data), reply: {} };
  }
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
