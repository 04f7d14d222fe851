import { RecordPushRegistration } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { PushDeps } from '../../shared/push-deps';
import { decideRecordRegistration } from './record-registration.decide';

/** The registration job's command: the bouncer's answer to a pending registration. */
export function recordRegistrationHandler({ repo }: PushDeps): CommandHandler<RecordPushRegistration> {
  return {
    kind: 'command',
    schema: RecordPushRegistration,
    async handle({ data }) {
      return { events: decideRecordRegistration(data, await repo.devicesOf(data.userId)), reply: {} };
    },
    replyFrom: () => ({}),
  };
}
