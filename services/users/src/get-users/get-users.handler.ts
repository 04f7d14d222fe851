import { Controller, Inject } from '@nestjs/common';
import { getUser, getUserByEmail, getUsers, type ReplyOf } from '@zulip-es/contracts';
import { badRequest, QueryPattern, type OperationContext } from '@zulip-es/platform';
import { isSystemBot } from '../bootstrap-realm/system-bots';
import { userView } from '../domain/user-view';
import { userByEmailFor } from '../shared/user-by-email';
import { loadCaller, USERS_DEPS, type UsersDeps } from '../shared/users-deps';

@Controller()
export class GetUsersHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @QueryPattern(getUsers)
  async getUsers({ data, actorId }: OperationContext<typeof getUsers>): Promise<ReplyOf<typeof getUsers>> {
    const { repo } = this.deps;
    const { realm, actor } = await loadCaller(repo, actorId);
    const wanted = data.user_ids ? new Set(data.user_ids) : null;
    // Zulip lists the organization's users; its system bots (kept in an internal organization)
    // reach clients as `cross_realm_bots` instead, and stay readable one by one.
    const users = (await repo.allUsers()).filter((u) => !isSystemBot(u) && (!wanted || wanted.has(u.userId)));
    const options = { clientGravatar: data.client_gravatar, includeProfileData: data.include_custom_profile_fields };
    return { members: users.map((u) => userView(u, actor, realm, options)) };
  }

  @QueryPattern(getUser)
  async getUser({ data, actorId }: OperationContext<typeof getUser>): Promise<ReplyOf<typeof getUser>> {
    const { repo } = this.deps;
    const { realm, actor } = await loadCaller(repo, actorId);
    const target = await repo.knownUser(data.user_id);
    if (!target) throw badRequest('No such user');
    const options = { clientGravatar: data.client_gravatar, includeProfileData: data.include_custom_profile_fields };
    return { user: userView(target, actor, realm, options) };
  }

  /** GET /users/{email}: the same answer as by id, for the user the address names to the caller. */
  @QueryPattern(getUserByEmail)
  async getUserByEmail({ data, actorId }: OperationContext<typeof getUserByEmail>): Promise<ReplyOf<typeof getUserByEmail>> {
    const { repo } = this.deps;
    const { realm, actor } = await loadCaller(repo, actorId);
    const target = await userByEmailFor(repo, actor, realm, data.email);
    if (!target) throw badRequest('No such user');
    const options = { clientGravatar: data.client_gravatar, includeProfileData: data.include_custom_profile_fields };
    return { user: userView(target, actor, realm, options) };
  }
}
