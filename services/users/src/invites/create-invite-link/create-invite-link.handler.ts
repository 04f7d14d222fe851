import { Controller, Inject } from '@nestjs/common';
import { createInviteLink, InvitationLinkCreatedV1 } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext, type ReplyBody } from '@zulip-es/platform';
import type { UsersConfig } from '../../config';
import { USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { loadActorGroups } from '../../user-groups/load-actor-groups';
import { inviteChannelAccess } from '../invite-channels';
import { deriveLinkKey, invitationLink, newLinkKey } from '../invite-key';
import { invitePermissions } from '../invite-permissions';
import { decideCreateInviteLink, type CreateInviteLink } from './create-invite-link.decide';

/** The reply of a link's creation, from its event (also when the command is delivered again). */
export function createInviteLinkReply(
  events: { data: Record<string, unknown> }[],
  config: Pick<UsersConfig, 'API_KEY_SECRET' | 'REALM_URL'>,
): ReplyBody {
  const { linkId, keyNonce } = InvitationLinkCreatedV1.shape.data.parse(events[0].data);
  return { invite_link: invitationLink(config.REALM_URL, deriveLinkKey(config.API_KEY_SECRET, linkId, keyNonce)) };
}

@Controller()
export class CreateInviteLinkHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  /** Answers Zulip's `invite_link`, the key derived again from the nonce the event records. */
  @CommandPattern(createInviteLink, { replyFrom: createInviteLinkReply })
  async create({ data, actorId, now }: MessageContext<CreateInviteLink>): Promise<Decision> {
    const { repo, config, channels } = this.deps;
    const groups = await loadActorGroups(repo, actorId);
    const state = {
      actor: groups.actor,
      permissions: invitePermissions(groups),
      groups,
      channels: new Map((data.stream_ids ?? []).map((id) => [id, inviteChannelAccess(groups, channels.channel(id))])),
      lastLinkId: await repo.lastInviteLinkId(),
    };
    const events = [decideCreateInviteLink(data, state, (linkId) => newLinkKey(config.API_KEY_SECRET, linkId), now)];
    return { events, reply: createInviteLinkReply(events, config) };
  }
}
