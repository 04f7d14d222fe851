import { Controller, Inject } from '@nestjs/common';
import { getStreamEmailAddress, type ReplyOf } from '@zulip-es/contracts';
import { badRequest, type OperationContext, QueryPattern } from '@zulip-es/platform';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { isAdmin } from '../channel-access';
import { accessChannelById } from '../channel-lookup';
import { channelsContext, type ChannelsContext } from '../channels-context';

/** Zulip's `access_bot_by_id`: the bot a channel address would post as; bots here have no owners, so only administrators name one. */
function checkSender(ctx: ChannelsContext, senderId: number | undefined): void {
  if (senderId === undefined || senderId === ctx.actor.userId) return;
  const bot = ctx.user(senderId);
  if (!bot?.isBot) throw badRequest('No such bot');
  if (!isAdmin(ctx.actor)) throw badRequest('Insufficient permission');
}

@Controller()
export class EmailAddressHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /**
   * GET /streams/{stream_id}/email_address: Zulip's checks (a channel the caller can read, a sender
   * they may post as), then the address. Zulip answers `""` when no email gateway is configured
   * (`EMAIL_GATEWAY_PATTERN` empty), and this server receives no email.
   */
  @QueryPattern(getStreamEmailAddress)
  async getStreamEmailAddress({
    actorId,
    data,
  }: OperationContext<typeof getStreamEmailAddress>): Promise<ReplyOf<typeof getStreamEmailAddress>> {
    const { repo, users } = this.deps;
    const ctx = channelsContext(users, actorId);
    const [channel, own] = await Promise.all([repo.channel(data.stream_id), repo.subscriptionsOf(ctx.actor.userId)]);
    accessChannelById(ctx, channel, own, { requireContentAccess: true });
    checkSender(ctx, data.sender_id);
    return { email: '' };
  }
}
