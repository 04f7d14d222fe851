import { Controller, Inject } from '@nestjs/common';
import { sendE2eeTestPushNotification, type ReplyOf } from '@zulip-es/contracts';
import { DomainError, QueryPattern, type OperationContext } from '@zulip-es/platform';
import { BouncerFailed, BouncerUnreachable } from '../../registration/bouncer-client';
import { PUSH_DEPS, type PushDeps } from '../../shared/push-deps';
import { sealFor } from '../seal';

/** Zulip's errors for a bouncer that would not push: its 5xx, the network, or a refusal only an administrator can fix. */
function bouncerError(error: unknown): DomainError {
  if (error instanceof BouncerUnreachable)
    return new DomainError('FAILED_TO_CONNECT_BOUNCER', 'Network error while connecting to Zulip push notification service.');
  if (error instanceof BouncerFailed && error.status >= 500)
    return new DomainError('INTERNAL_SERVER_ERROR_ON_BOUNCER', 'Internal server error on Zulip push notification service, retry later.');
  return new DomainError(
    'ADMIN_ACTION_REQUIRED',
    'Push notification configuration issue on server, contact the server administrator or retry later.',
  );
}

/**
 * POST /mobile_push/e2ee/test_notification: Zulip's `send_e2ee_test_push_notification`, the
 * `test` payload (organization, user, time) sealed to each device's key and pushed through the
 * bouncer, answered once the bouncer has pushed it. Devices the provider called dead are handed
 * to the registration queue to be removed.
 */
@Controller()
export class SendE2eeTestHandler {
  constructor(@Inject(PUSH_DEPS) private readonly deps: PushDeps) {}

  @QueryPattern(sendE2eeTestPushNotification)
  async sendE2eeTest({
    data,
    actorId,
    now,
  }: OperationContext<typeof sendE2eeTestPushNotification>): Promise<ReplyOf<typeof sendE2eeTestPushNotification>> {
    const { repo, bouncer, removals, directory } = this.deps;
    const userId = actorId!;
    const { registrations } = await repo.devicesOf(userId);
    const targets = registrations.filter(
      (r) =>
        r.status === 'active' &&
        r.bouncerDeviceId !== null &&
        (data.push_account_id === undefined || r.pushAccountId === data.push_account_id),
    );
    if (targets.length === 0) throw new DomainError('NO_ACTIVE_PUSH_DEVICE', 'No active registered push device');
    if (!bouncer) throw new DomainError('PUSH_SERVICE_NOT_CONFIGURED', 'Server is not configured to use push notification service.');
    const realm = directory.current;
    if (!realm) throw new DomainError('INTERNAL_SERVER_ERROR', 'The organization is not known yet');
    const payload = {
      realm_url: realm.url,
      realm_name: realm.name,
      user_id: userId,
      type: 'test',
      time: Math.floor(now.getTime() / 1000),
    };
    const devices = await Promise.all(
      targets.map(async (r) => ({
        device_id: r.bouncerDeviceId!,
        encrypted_data: await sealFor(r.pushPublicKey, { ...payload, push_account_id: r.pushAccountId }),
      })),
    );
    const reply = await bouncer.notifyDevices({ devices }).catch((error: unknown) => {
      throw bouncerError(error);
    });
    if (reply.deleted_device_ids.length > 0) await removals?.forget(userId, [], reply.deleted_device_ids);
    return {};
  }
}
