import { RegisterStateParams } from '@zulip-es/contracts';
import type { QueryHandler } from '@zulip-es/platform';
import type { z } from 'zod';
import type { PushDeps } from '../shared/push-deps';

/**
 * The push service's part of `POST /register` (`push.register_state`), asked only when the
 * client fetches `push_device`: Zulip's `push_devices`, each end-to-end encrypted registration
 * of the caller by its `push_account_id`, with its status and, once failed, the bouncer's error.
 */
export function registerStateHandler(deps: Pick<PushDeps, 'repo'>): QueryHandler<z.output<typeof RegisterStateParams>> {
  return {
    kind: 'query',
    consistent: true,
    schema: RegisterStateParams,
    async handle({ actorId }) {
      const { registrations } = await deps.repo.devicesOf(actorId!);
      return {
        push_devices: Object.fromEntries(
          registrations.map((r) => [String(r.pushAccountId), { status: r.status, error_code: r.errorCode }]),
        ),
      };
    },
  };
}
