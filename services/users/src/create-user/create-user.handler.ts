import { createUser } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { hashPassword, newApiKeyNonce } from '../domain/credentials';
import { loadActor, type UsersDeps } from '../shared/users-deps';
import { checkCreateUser, decideCreateUser, type CreateUser } from './create-user.decide';

export function createUserHandler({ repo, config }: UsersDeps): CommandHandler<CreateUser> {
  return {
    kind: 'command',
    schema: createUser.params,
    async handle({ data, actorId, now }) {
      const { realm, actor } = await loadActor(repo, actorId);
      const state = { realm, actor, existing: await repo.userByEmail(data.email), lastUserId: await repo.lastUserId() };
      checkCreateUser(data, state); // before the deliberately slow hash
      const credentials = {
        passwordHash: await hashPassword(data.password),
        apiKeyNonce: newApiKeyNonce(),
        apiKeySecret: config.API_KEY_SECRET,
      };
      const events = decideCreateUser(data, state, credentials, now);
      return { events, reply: { user_id: events[0].data.userId } };
    },
    replyFrom: (events) => ({ user_id: events[0].data.userId }),
  };
}
