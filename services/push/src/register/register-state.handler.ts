import { Controller, Inject } from '@nestjs/common';
import { REGISTER_STATE_TYPES, RegisterStateParams } from '@zulip-es/contracts';
import { QueryPattern, type MessageContext, type ReplyBody } from '@zulip-es/platform';
import type { z } from 'zod';
import { PUSH_DEPS, type PushDeps } from '../shared/push-deps';

@Controller()
export class RegisterStateHandler {
  constructor(@Inject(PUSH_DEPS) private readonly deps: PushDeps) {}

  /**
   * The push service's part of `POST /register` (`push.register_state`), asked only when the
   * client fetches `push_device`: Zulip's `push_devices`, each end-to-end encrypted registration
   * of the caller by its `push_account_id`, with its status and, once failed, the bouncer's error.
   */
  @QueryPattern({ type: REGISTER_STATE_TYPES.push, params: RegisterStateParams }, { consistent: true })
  async registerState({ actorId }: MessageContext<z.output<typeof RegisterStateParams>>): Promise<ReplyBody> {
    const { registrations } = await this.deps.repo.devicesOf(actorId!);
    return {
      push_devices: Object.fromEntries(registrations.map((r) => [String(r.pushAccountId), { status: r.status, error_code: r.errorCode }])),
    };
  }
}
