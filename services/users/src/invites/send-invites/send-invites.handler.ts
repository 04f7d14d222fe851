import { Controller, Inject } from '@nestjs/common';
import { sendInvites } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { loadActorGroups } from '../../user-groups/load-actor-groups';
import { inviteChannelAccess } from '../invite-channels';
import { recentInvitesBy } from '../invite-quota';
import { newInviteKey } from '../invite-key';
import { invitePermissions } from '../invite-permissions';
import type { UserState } from '../../domain/user.state';
import { isValidEmail } from '../../shared/user-rules';
import { checkSendInvites, decideSendInvites, type SendInvites } from './send-invites.decide';

@Controller()
export class SendInvitesHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(sendInvites)
  async send({ data, actorId, now }: MessageContext<SendInvites>): Promise<Decision> {
    const { repo, config, channels } = this.deps;
    const groups = await loadActorGroups(repo, actorId);
    const { actor } = groups;
    const checks = {
      actor,
      permissions: invitePermissions(groups),
      groups,
      channels: new Map(data.stream_ids.map((id) => [id, inviteChannelAccess(groups, channels.channel(id))])),
      recentInvites: await recentInvitesBy(repo, actor.userId, now),
      dailyLimit: config.INVITES_DAILY_LIMIT_PER_USER,
    };
    // Refusals that need no address lookups come first: a list of thousands is not looked up in vain.
    const emails = checkSendInvites(data, checks).filter(isValidEmail);
    const found = await Promise.all(emails.map(async (email) => [email.toLowerCase(), await repo.userByEmail(email)] as const));
    const existingUsers = new Map(found.filter((entry): entry is [string, UserState] => entry[1] !== null));
    const state = { ...checks, existingUsers, lastInviteId: await repo.lastInviteId() };
    const { events, error } = decideSendInvites(data, state, (inviteId) => newInviteKey(config.API_KEY_SECRET, inviteId), now);
    return { events, reply: {}, error };
  }
}
