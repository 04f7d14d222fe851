import { Controller, Inject } from '@nestjs/common';
import { createUser } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { hashPassword } from '../domain/credentials';
import { loadActor, USERS_DEPS, type UsersDeps } from '../shared/users-deps';
import { checkCreateUser, decideCreateUser, type CreateUser } from './create-user.decide';

/** The reply of a creation already applied: the new user's id. */
export const createdUserReply = (events: { data: Record<string, unknown> }[]) => ({ user_id: events[0].data.userId });

@Controller()
export class CreateUserHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(createUser, { replyFrom: createdUserReply })
  async create(ctx: MessageContext<CreateUser>): Promise<Decision> {
    const { data, actorId, now } = ctx;
    const { repo, config } = this.deps;
    const { realm, actor } = await loadActor(repo, actorId);
    const state = { realm, actor, existing: await repo.userByEmail(data.email), lastUserId: await repo.lastUserId() };
    checkCreateUser(data, state); // before the deliberately slow hash
    const credentials = { passwordHash: await hashPassword(data.password), apiKeySecret: config.API_KEY_SECRET };
    const created = decideCreateUser(data, state, credentials, now);
    const positions = await this.deps.credentials.issue(created.credentials, ctx);
    return { events: created.events, reply: createdUserReply(created.events), positions };
  }
}
