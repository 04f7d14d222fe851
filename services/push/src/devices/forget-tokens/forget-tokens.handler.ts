import { Controller, Inject } from '@nestjs/common';
import { FORGET_PUSH_TOKENS, ForgetPushTokens } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { PUSH_DEPS, type PushDeps } from '../../shared/push-deps';
import { decideForgetTokens } from './forget-tokens.decide';

@Controller()
export class ForgetTokensHandler {
  constructor(@Inject(PUSH_DEPS) private readonly deps: PushDeps) {}

  /** The push jobs' command: tokens a provider said are no longer valid. */
  @CommandPattern({ type: FORGET_PUSH_TOKENS, params: ForgetPushTokens })
  async forget({ data }: MessageContext<ForgetPushTokens>): Promise<Decision> {
    return { events: decideForgetTokens(data, await this.deps.repo.devicesOf(data.userId)), reply: {} };
  }
}
