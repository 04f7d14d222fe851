import { Controller, Inject } from '@nestjs/common';
import { BOOTSTRAP_REALM, BootstrapRealm, Role, SYSTEM_BOTS, type SystemBot } from '@zulip-es/contracts';
import { CommandPattern, DomainError, type Decision, type MessageContext, type ReplyBody } from '@zulip-es/platform';
import type { UsersConfig } from '../config';
import { createdUserApiKey, type CreatedUsers } from '../create-user/create-user.decide';
import { hashPassword } from '../domain/credentials';
import { USERS_DEPS, type UsersDeps } from '../shared/users-deps';
import { systemGroupsCreated } from '../user-groups/system-group-events';
import { decideBootstrapRealm } from './bootstrap-realm.decide';
import { systemBotCreated } from './system-bots';

interface Owner {
  realmId: number;
  userId: number;
  deliveryEmail: string;
  apiKey: string;
}

function ownerReply(owner: Owner, created: boolean): ReplyBody {
  return { realm_id: owner.realmId, owner_id: owner.userId, email: owner.deliveryEmail, api_key: owner.apiKey, created };
}

interface CreatedUserData {
  userId: number;
  realmId: number;
  deliveryEmail: string;
  role: Role;
  dateJoined: string;
  apiKeyNonce?: string;
}

function createdOwner(events: { type: string; data: Record<string, unknown> }[], config: Pick<UsersConfig, 'API_KEY_SECRET'>): Owner {
  const created = events.find((e) => e.type.startsWith('user.created.') && e.data.role === Role.OWNER);
  // Only the system-groups upgrade of an existing organization lacks it; bootstrapping again answers.
  if (!created) throw new DomainError('SERVICE_UNAVAILABLE', 'Organization upgraded; bootstrap again');
  const owner = created.data as unknown as CreatedUserData;
  return { ...owner, apiKey: createdUserApiKey(owner, config.API_KEY_SECRET) };
}

/** The reply of a bootstrap already applied: the owner it created. */
export function bootstrapRealmReplyFrom(events: { type: string; data: Record<string, unknown> }[], config: UsersConfig): ReplyBody {
  return ownerReply(createdOwner(events, config), true);
}

@Controller()
export class BootstrapRealmHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  /** Creates the organization and its owner once; afterwards answers with the existing owner. */
  @CommandPattern({ type: BOOTSTRAP_REALM, params: BootstrapRealm }, { replyFrom: bootstrapRealmReplyFrom })
  async bootstrap(ctx: MessageContext<BootstrapRealm>): Promise<Decision> {
    const { data, now } = ctx;
    const { repo, config } = this.deps;
    const realm = await repo.realm();
    if (realm) {
      const upgrade = await this.upgrade(realm, now);
      const positions = await this.deps.credentials.issue(upgrade.credentials, ctx);
      return { events: upgrade.events, reply: ownerReply(await this.existingOwner(data.ownerEmail), false), positions };
    }
    const credentials = { passwordHash: await hashPassword(data.ownerPassword), apiKeySecret: config.API_KEY_SECRET };
    const created = decideBootstrapRealm(data, null, config.REALM_URL, credentials, now);
    const positions = await this.deps.credentials.issue(created.credentials, ctx);
    return { events: created.events, reply: ownerReply(createdOwner(created.events, config), true), positions };
  }

  /** An organization created before user groups (or a system bot) existed gets them now. */
  private async upgrade(realm: NonNullable<Awaited<ReturnType<UsersDeps['repo']['realm']>>>, now: Date): Promise<CreatedUsers> {
    const { repo, config } = this.deps;
    const upgrade: CreatedUsers = { events: (await repo.lastGroupId()) === 0 ? systemGroupsCreated() : [], credentials: [] };
    let nextUserId = (await repo.lastUserId()) + 1;
    for (const bot of Object.keys(SYSTEM_BOTS) as SystemBot[]) {
      if (await repo.userByEmail(SYSTEM_BOTS[bot].email)) continue;
      const created = systemBotCreated(bot, nextUserId++, realm, config.API_KEY_SECRET, now);
      upgrade.events.push(created.event);
      upgrade.credentials.push(created.credentials);
    }
    return upgrade;
  }

  private async existingOwner(email: string): Promise<Owner> {
    const { repo, config, credentials } = this.deps;
    const byEmail = await repo.userByEmail(email);
    const owner =
      byEmail?.role === Role.OWNER && byEmail.isActive ? byEmail : (await repo.allUsers()).find((u) => u.role === Role.OWNER && u.isActive);
    if (!owner) throw new DomainError('INTERNAL_SERVER_ERROR', 'The organization has no active owner');
    return { ...owner, apiKey: credentials.apiKeyOf(owner, config.API_KEY_SECRET) };
  }
}
