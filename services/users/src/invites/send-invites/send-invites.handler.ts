import { sendInvites } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { UsersDeps } from '../../shared/users-deps';
import { loadActorGroups } from '../../user-groups/load-actor-groups';
import { inviteChannelAccess } from '../invite-channels';
import { recentInvitesBy } from '../invite-quota';
import { newInviteKey } from '../invite-key';
import { invitePermissions } from '../invite-permissions';
import type { UserState } from '../../domain/user.state';
import { isValidEmail } from '../../shared/user-rules';
import { checkSendInvites, decideSendInvites, type SendInvites } from './send-invites.decide';

export function sendInvitesHandler({ repo, config, channels }: UsersDeps): CommandHandler<SendInvites> {
  return {
    kind: 'command',
    schema: sendInvites.params,
    async handle({ data, actorId, now }) {
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
    },
    replyFrom: () => ({}),
  };
}
