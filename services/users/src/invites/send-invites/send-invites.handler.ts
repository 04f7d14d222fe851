import { sendInvites } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import type { ChannelLookup } from '../channel-lookup';
import { recentInvitesBy } from '../invite-quota';
import { newInviteKey } from '../invite-key';
import { invitePermissions } from '../invite-permissions';
import { parseInviteeEmails } from '../invitee-emails';
import { decideSendInvites, type SendInvites } from './send-invites.decide';

export function sendInvitesHandler({ repo, config }: UsersDeps, channels: ChannelLookup): CommandHandler<SendInvites> {
  return {
    kind: 'command',
    schema: sendInvites.params,
    async handle({ data, actorId, now }) {
      const { realm, actor } = await loadActor(repo, actorId);
      const emails = parseInviteeEmails(data.invitee_emails);
      const existing = await Promise.all(emails.map(async (email) => [email.toLowerCase(), await repo.userByEmail(email)] as const));
      const state = {
        actor,
        permissions: invitePermissions(actor, realm),
        existingChannelIds: await channels.existing(data.stream_ids),
        existingUsers: new Map(existing.filter((entry): entry is [string, NonNullable<(typeof entry)[1]>] => entry[1] !== null)),
        recentInvites: await recentInvitesBy(repo, actor.userId, now),
        dailyLimit: config.INVITES_DAILY_LIMIT_PER_USER,
        lastInviteId: await repo.lastInviteId(),
      };
      const { events, error } = decideSendInvites(data, state, (inviteId) => newInviteKey(config.API_KEY_SECRET, inviteId), now);
      return { events, reply: {}, error };
    },
    replyFrom: () => ({}),
  };
}
