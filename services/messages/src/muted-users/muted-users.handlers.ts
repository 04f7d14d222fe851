import { Controller, Inject } from '@nestjs/common';
import { muteUser, unmuteUser, type OperationData } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { channelsContext } from '../channels/channels-context';
import { UnreadView } from '../flags/unread-view';
import { flagsStateOf } from '../flags/update-flags/update-flags.handler';
import { MESSAGES_DEPS, type MessagesDeps } from '../shared/messages-deps';
import { decideMuteUser, decideUnmuteUser } from './mute-user.decide';

type MuteRequest = OperationData<typeof muteUser>;

async function muteState(deps: MessagesDeps, actorId: number | null, mutedUserId: number) {
  const ctx = channelsContext(deps.users, actorId);
  const target = ctx.user(mutedUserId);
  const view = await UnreadView.load(deps.repo, ctx.actor.userId);
  const [muted, flags, unread] = await Promise.all([
    deps.repo.mutedUsersOf(ctx.actor.userId),
    flagsStateOf(deps, view),
    view.all(await deps.repo.lastMessageId()),
  ]);
  const unreadFromTarget = unread.run
    .received()
    .filter((m) => m.senderId === mutedUserId)
    .map((m) => m.id);
  return { actorId: ctx.actor.userId, target: target && { userId: target.userId }, muted, flags, unreadFromTarget };
}

@Controller()
export class MutedUsersHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /** POST /users/me/muted_users/{muted_user_id}. */
  @CommandPattern(muteUser)
  async muteUser({ actorId, data, now }: MessageContext<MuteRequest>): Promise<Decision> {
    const { deps } = this;
    return { events: decideMuteUser(await muteState(deps, actorId, data.muted_user_id), now), reply: {} };
  }

  /** DELETE /users/me/muted_users/{muted_user_id}. */
  @CommandPattern(unmuteUser)
  async unmuteUser({ actorId, data }: MessageContext<MuteRequest>): Promise<Decision> {
    const { deps } = this;
    return { events: decideUnmuteUser(await muteState(deps, actorId, data.muted_user_id)), reply: {} };
  }
}
