import { Controller, Inject } from '@nestjs/common';
import { sendTestPushNotification, type ReplyOf } from '@zulip-es/contracts';
import { DomainError, QueryPattern, type OperationContext } from '@zulip-es/platform';
import { BouncerUnreachable } from '../../registration/bouncer-client';
import { PUSH_DEPS, type PushDeps } from '../../shared/push-deps';
import { testPayloads } from '../payloads';

/**
 * POST /mobile_push/test_notification (E19): Zulip's test notification to the caller's legacy
 * tokens, or to the one `token`, through the bouncer, answered once the bouncer has pushed it.
 * Tokens the provider called dead are handed to the registration queue to be removed.
 */
@Controller()
export class SendTestHandler {
  constructor(@Inject(PUSH_DEPS) private readonly deps: PushDeps) {}

  @QueryPattern(sendTestPushNotification)
  async sendTest({
    data,
    actorId,
    now,
  }: OperationContext<typeof sendTestPushNotification>): Promise<ReplyOf<typeof sendTestPushNotification>> {
    const { repo, bouncer, removals, directory } = this.deps;
    const userId = actorId!;
    const { tokens } = await repo.devicesOf(userId);
    const targets = data.token === undefined ? tokens : tokens.filter((t) => t.token === data.token);
    if (data.token !== undefined && targets.length === 0) throw new DomainError('INVALID_PUSH_DEVICE_TOKEN', 'Device not recognized');
    if (targets.length === 0) return {};
    if (!bouncer) throw new DomainError('PUSH_SERVICE_NOT_CONFIGURED', 'Server is not configured to use push notification service.');
    const realm = directory.current;
    if (!realm) throw new DomainError('INTERNAL_SERVER_ERROR', 'The organization is not known yet');
    const reply = await bouncer
      .notify({
        user_id: userId,
        payloads: testPayloads(realm, userId, now),
        devices: targets.map(({ kind, token }) => ({ kind, token })),
      })
      .catch((error: unknown) => {
        throw error instanceof BouncerUnreachable
          ? new DomainError('FAILED_TO_CONNECT_BOUNCER', 'Network error while connecting to Zulip push notification service.')
          : new DomainError('INTERNAL_SERVER_ERROR_ON_BOUNCER', 'Internal server error on Zulip push notification service, retry later.');
      });
    if (reply.deleted_devices.length > 0) await removals?.forget(userId, reply.deleted_devices);
    if (data.token !== undefined && reply.unknown_devices.length === targets.length) {
      throw new DomainError('INVALID_REMOTE_PUSH_DEVICE_TOKEN', 'Device not recognized by the push bouncer');
    }
    return {};
  }
}
