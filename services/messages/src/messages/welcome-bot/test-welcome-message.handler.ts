import { Controller, Inject } from '@nestjs/common';
import { testWelcomeBotCustomMessage } from '@zulip-es/contracts';
import {
  badRequest,
  DomainError,
  CommandPattern,
  type Decision,
  type OperationContext,
  type RecordedEvents,
  type ReplyBody,
} from '@zulip-es/platform';
import { channelsContext } from '../../channels/channels-context';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { INTERNAL_CLIENT, systemBot } from '../notification-bot/notification-bot';
import { sendAs } from '../send-message/send-message.handler';
import { sendMessageReplyFrom } from '../send-message/send-message.decide';
import { unusedFence } from '../written-markdown';

/** Zulip's `get_custom_welcome_message_string`: the administrators' note, quoted. */
export function customWelcomeMessage(text: string): string {
  const fence = unusedFence(text);
  return `\nA note from @_*role:administrators*:\n${fence}quote\n${text}\n${fence}\n`;
}

/** The reply of a test message already sent: its id. */
function welcomeMessageReply(events: RecordedEvents): ReplyBody {
  return { message_id: sendMessageReplyFrom(events).id };
}

@Controller()
export class TestWelcomeMessageHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /** POST /realm/test_welcome_bot_custom_message: Zulip's `send_test_welcome_bot_custom_message`. */
  @CommandPattern(testWelcomeBotCustomMessage, { replyFrom: welcomeMessageReply })
  async testWelcomeMessage({ actorId, data, now }: OperationContext<typeof testWelcomeBotCustomMessage>): Promise<Decision> {
    const { deps } = this;
    const ctx = channelsContext(deps.users, actorId);
    if (data.welcome_message_custom_text.length === 0) throw badRequest('Message must not be empty');
    const bot = systemBot(deps.users, 'welcome');
    if (!bot) throw new DomainError('INTERNAL_SERVER_ERROR', 'The organization has no Welcome Bot yet');
    const decision = await sendAs(
      deps,
      bot,
      { kind: 'direct', recipients: { userIds: [ctx.actor.userId] } },
      customWelcomeMessage(data.welcome_message_custom_text),
      INTERNAL_CLIENT,
      now,
    );
    return { events: decision.events, reply: { message_id: sendMessageReplyFrom(decision.events).id } };
  }
}
