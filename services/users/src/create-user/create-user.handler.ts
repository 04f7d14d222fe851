import { Controller, Inject } from '@nestjs/common';
import { createUser } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { hashPassword, newApiKeyNonce } from '../domain/credentials';
import { loadActor, USERS_DEPS, type UsersDeps } from '../shared/users-deps';
import { checkCreateUser, decideCreateUser, type CreateUser } from './create-user.decide';

/** The reply of a creation already applied: the new user's id. */
export const createdUserReply = (events: { data: Record<string, unknown> }[]) => ({ user_id: events[0].data.userId });

@Controller()
export class CreateUserHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(createUser, { replyFrom: createdUserReply })
  async create({ data, actorId, now }: MessageContext<CreateUser>): Promise<Decision> {
    const { repo, config } = this.deps;
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
  }
}
