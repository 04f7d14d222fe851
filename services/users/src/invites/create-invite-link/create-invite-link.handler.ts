import { createInviteLink, InvitationLinkCreatedV1 } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { UsersDeps } from '../../shared/users-deps';
import { loadActorGroups } from '../../user-groups/load-actor-groups';
import { inviteChannelAccess } from '../invite-channels';
import { deriveLinkKey, invitationLink, newLinkKey } from '../invite-key';
import { invitePermissions } from '../invite-permissions';
import { decideCreateInviteLink, type CreateInviteLink } from './create-invite-link.decide';

/** Answers Zulip's `invite_link`, the key derived again from the nonce the event records. */
export function createInviteLinkHandler({ repo, config, channels }: UsersDeps): CommandHandler<CreateInviteLink> {
  const answer = (events: { data: Record<string, unknown> }[]) => {
    const { linkId, keyNonce } = InvitationLinkCreatedV1.shape.data.parse(events[0].data);
    return { invite_link: invitationLink(config.REALM_URL, deriveLinkKey(config.API_KEY_SECRET, linkId, keyNonce)) };
  };
  return {
    kind: 'command',
    schema: createInviteLink.params,
    async handle({ data, actorId, now }) {
      const groups = await loadActorGroups(repo, actorId);
      const state = {
        actor: groups.actor,
        permissions: invitePermissions(groups),
        groups,
        channels: new Map((data.stream_ids ?? []).map((id) => [id, inviteChannelAccess(groups, channels.channel(id))])),
        lastLinkId: await repo.lastInviteLinkId(),
      };
      const events = [decideCreateInviteLink(data, state, (linkId) => newLinkKey(config.API_KEY_SECRET, linkId), now)];
      return { events, reply: answer(events) };
    },
    replyFrom: answer,
  };
}
