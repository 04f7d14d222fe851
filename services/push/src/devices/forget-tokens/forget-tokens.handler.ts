import { ForgetPushTokens } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { PushDeps } from '../../shared/push-deps';
import { decideForgetTokens } from './forget-tokens.decide';

/** The push jobs' command: tokens a provider said are no longer valid. */
export function forgetTokensHandler({ repo }: PushDeps): CommandHandler<ForgetPushTokens> {
  return {
    kind: 'command',
    schema: ForgetPushTokens,
    async handle({ data }) {
      return { events: decideForgetTokens(data, await repo.devicesOf(data.userId)), reply: {} };
    },
    replyFrom: () => ({}),
  };
}
