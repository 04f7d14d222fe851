import { getUser, getUserByEmail, getUsers, type OperationData } from '@zulip-es/contracts';
import { badRequest, type QueryHandler } from '@zulip-es/platform';
import { isSystemBot } from '../bootstrap-realm/system-bots';
import { userView } from '../domain/user-view';
import { userByEmailFor } from '../shared/user-by-email';
import { loadActor, type UsersDeps } from '../shared/users-deps';

export function getUsersHandler({ repo }: UsersDeps): QueryHandler<OperationData<typeof getUsers>> {
  return {
    kind: 'query',
    schema: getUsers.params,
    async handle({ data, actorId }) {
      const { realm, actor } = await loadActor(repo, actorId);
      const wanted = data.user_ids ? new Set(data.user_ids) : null;
      // Zulip lists the organization's users; its system bots (kept in an internal organization)
      // reach clients as `cross_realm_bots` instead, and stay readable one by one.
      const users = (await repo.allUsers()).filter((u) => !isSystemBot(u) && (!wanted || wanted.has(u.userId)));
      const options = { clientGravatar: data.client_gravatar, includeProfileData: data.include_custom_profile_fields };
      return { members: users.map((u) => userView(u, actor, realm, options)) };
    },
  };
}

export function getUserHandler({ repo }: UsersDeps): QueryHandler<OperationData<typeof getUser>> {
  return {
    kind: 'query',
    schema: getUser.params,
    async handle({ data, actorId }) {
      const { realm, actor } = await loadActor(repo, actorId);
      const target = await repo.user(data.user_id);
      if (!target) throw badRequest('No such user');
      const options = { clientGravatar: data.client_gravatar, includeProfileData: data.include_custom_profile_fields };
      return { user: userView(target, actor, realm, options) };
    },
  };
}

/** GET /users/{email}: the same answer as by id, for the user the address names to the caller. */
export function getUserByEmailHandler({ repo }: UsersDeps): QueryHandler<OperationData<typeof getUserByEmail>> {
  return {
    kind: 'query',
    schema: getUserByEmail.params,
    async handle({ data, actorId }) {
      const { realm, actor } = await loadActor(repo, actorId);
      const target = await userByEmailFor(repo, actor, realm, data.email);
      if (!target) throw badRequest('No such user');
      const options = { clientGravatar: data.client_gravatar, includeProfileData: data.include_custom_profile_fields };
      return { user: userView(target, actor, realm, options) };
    },
  };
}
