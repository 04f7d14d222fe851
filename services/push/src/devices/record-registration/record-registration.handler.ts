import { Controller, Inject } from '@nestjs/common';
import { RECORD_PUSH_REGISTRATION, RecordPushRegistration } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { PUSH_DEPS, type PushDeps } from '../../shared/push-deps';
import { decideRecordRegistration } from './record-registration.decide';

@Controller()
export class RecordRegistrationHandler {
  constructor(@Inject(PUSH_DEPS) private readonly deps: PushDeps) {}

  /** The registration job's command: the bouncer's answer to a pending registration. */
  @CommandPattern({ type: RECORD_PUSH_REGISTRATION, params: RecordPushRegistration })
  async record({ data }: MessageContext<RecordPushRegistration>): Promise<Decision> {
    return { events: decideRecordRegistration(data, await this.deps.repo.devicesOf(data.userId)), reply: {} };
  }
}
