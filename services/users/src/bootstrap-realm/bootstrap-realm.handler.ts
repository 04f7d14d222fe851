import { Controller, Inject } from '@nestjs/common';
import { BOOTSTRAP_REALM, BootstrapRealm, Role, UserCreatedV1 } from '@zulip-es/contracts';
import { CommandPattern, DomainError, type Decision, type MessageContext, type ReplyBody } from '@zulip-es/platform';
import type { UsersConfig } from '../config';
import { deriveApiKey, hashPassword, newApiKeyNonce } from '../domain/credentials';
import type { UserState } from '../domain/user.state';
import { USERS_DEPS, type UsersDeps } from '../shared/users-deps';
import { systemGroupsCreated } from '../user-groups/system-group-events';
import { decideBootstrapRealm } from './bootstrap-realm.decide';
import { SYSTEM_BOTS, type SystemBot } from '@zulip-es/contracts';
import { systemBotCreated } from './system-bots';

type Owner = Pick<UserState, 'realmId' | 'userId' | 'deliveryEmail' | 'apiKeyNonce'>;

function ownerReply(owner: Owner, created: boolean, config: Pick<UsersConfig, 'API_KEY_SECRET'>): ReplyBody {
  return {
    realm_id: owner.realmId,
    owner_id: owner.userId,
    email: owner.deliveryEmail,
    api_key: deriveApiKey(config.API_KEY_SECRET, owner.userId, owner.apiKeyNonce),
    created,
  };
}

function createdOwner(events: { type: string; data: Record<string, unknown> }[]): Owner {
  const created = events.find((e) => e.type === 'user.created.v1' && e.data.role === Role.OWNER);
  // Only the system-groups upgrade of an existing organization lacks it; bootstrapping again answers.
  if (!created) throw new DomainError('SERVICE_UNAVAILABLE', 'Organization upgraded; bootstrap again');
  return UserCreatedV1.parse(created).data;
}

/** The reply of a bootstrap already applied: the owner it created. */
export function bootstrapRealmReplyFrom(events: { type: string; data: Record<string, unknown> }[], config: UsersConfig): ReplyBody {
  return ownerReply(createdOwner(events), true, config);
}

@Controller()
export class BootstrapRealmHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  /** Creates the organization and its owner once; afterwards answers with the existing owner. */
  @CommandPattern({ type: BOOTSTRAP_REALM, params: BootstrapRealm }, { replyFrom: bootstrapRealmReplyFrom })
  async bootstrap({ data, now }: MessageContext<BootstrapRealm>): Promise<Decision> {
    const { repo, config } = this.deps;
    const realm = await repo.realm();
    if (realm) {
      // An organization created before user groups (or a system bot) existed gets them now.
      const upgrade = (await repo.lastGroupId()) === 0 ? systemGroupsCreated() : [];
      let nextUserId = (await repo.lastUserId()) + 1;
      for (const bot of Object.keys(SYSTEM_BOTS) as SystemBot[]) {
        if (await repo.userByEmail(SYSTEM_BOTS[bot].email)) continue;
        upgrade.push(
          systemBotCreated(bot, nextUserId++, realm, { apiKeyNonce: newApiKeyNonce(), apiKeySecret: config.API_KEY_SECRET }, now),
        );
      }
      return { events: upgrade, reply: ownerReply(await this.existingOwner(data.ownerEmail), false, config) };
    }
    const credentials = {
      passwordHash: await hashPassword(data.ownerPassword),
      apiKeyNonce: newApiKeyNonce(),
      apiKeySecret: config.API_KEY_SECRET,
    };
    const events = decideBootstrapRealm(data, null, config.REALM_URL, credentials, now, {
      apiKeyNonce: newApiKeyNonce(),
      apiKeySecret: config.API_KEY_SECRET,
    });
    return { events, reply: ownerReply(createdOwner(events), true, config) };
  }

  private async existingOwner(email: string): Promise<UserState> {
    const { repo } = this.deps;
    const byEmail = await repo.userByEmail(email);
    if (byEmail?.role === Role.OWNER && byEmail.isActive) return byEmail;
    const owner = (await repo.allUsers()).find((u) => u.role === Role.OWNER && u.isActive);
    if (!owner) throw new DomainError('INTERNAL_SERVER_ERROR', 'The organization has no active owner');
    return owner;
  }
}
