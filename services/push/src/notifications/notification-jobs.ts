import type { NotifiedMessage, PushNotificationRequestedV1, PushTrigger } from '@zulip-es/contracts';
import type { Job, Queue } from 'bullmq';
import type { ChannelsDirectory } from '../directory/channels-directory';
import type { UsersDirectory } from '../directory/users-directory';
import type { NotificationRequests } from '../projection/push.projection';
import type { PushRepository } from '../projection/push.repository';
import type { BouncerClient } from '../registration/bouncer-client';
import type { DeviceRemovals } from '../registration/registration-jobs';
import { messagePayloads, notificationData } from './payloads';
import { sealFor } from './seal';

export const NOTIFICATION_QUEUE = 'push-notifications';

export interface NotifyJob {
  message: NotifiedMessage;
  userId: number;
  trigger: PushTrigger;
  /** Missing in jobs queued before it was recorded. */
  correlationId?: string;
}

/** A notification is worth little late: a few tries within about half a minute. */
const ATTEMPTS = 5;
const BACKOFF = { type: 'exponential', delay: 1_000 } as const;
/** Finished jobs are kept a day, so an event applied again within it queues nothing more. */
const KEEP_SECONDS = 24 * 60 * 60;

/** The queue of notifications to push: a job per message and recipient (BullMQ, in Redis). */
export class NotificationQueue implements NotificationRequests {
  constructor(private readonly queue: Queue<NotifyJob>) {}

  async push(notification: PushNotificationRequestedV1['data'], correlationId: string): Promise<void> {
    const { recipients, ...message } = notification;
    await this.queue.addBulk(
      recipients.map(({ userId, trigger }) => ({
        name: 'notify',
        data: { message, userId, trigger, correlationId },
        opts: {
          jobId: `notify-${message.messageId}-${userId}`,
          attempts: ATTEMPTS,
          backoff: BACKOFF,
          removeOnComplete: { age: KEEP_SECONDS },
          removeOnFail: { age: KEEP_SECONDS },
        },
      })),
    );
  }
}

export interface NotificationWorkerDeps {
  repo: PushRepository;
  bouncer: BouncerClient;
  removals: DeviceRemovals;
  directory: UsersDirectory;
  channels: ChannelsDirectory;
}

/**
 * One notification job: pushes a recipient's notification to their devices through the bouncer,
 * with the names as they are now: in Zulip's payloads to legacy tokens, sealed to the device's
 * key for E11 devices. Devices the provider called dead are handed over for removal. A bouncer
 * that cannot be reached fails the job, which is tried again a few times. Resolves to the number
 * of devices the bouncer was asked to reach.
 */
export async function notifyRecipient(deps: NotificationWorkerDeps, job: Pick<Job<NotifyJob>, 'data'>): Promise<number> {
  const { message, userId, trigger } = job.data;
  const { tokens, registrations } = await deps.repo.devicesOf(userId);
  const sealed = registrations.filter((r) => r.status === 'active' && r.bouncerDeviceId !== null);
  const organization = deps.directory.current;
  if ((tokens.length === 0 && sealed.length === 0) || !organization) return 0;
  const sender = deps.directory.user(message.senderId);
  const { conversation } = message;
  const notification = {
    message,
    trigger,
    recipientId: userId,
    sender: { fullName: sender?.fullName ?? '', email: sender?.email ?? '' },
    channelName: conversation.type === 'channel' ? deps.channels.channelName(conversation.channelId) : undefined,
    groupNames:
      conversation.type === 'direct'
        ? conversation.userIds.filter((id) => id !== userId).map((id) => deps.directory.user(id)?.fullName ?? '')
        : undefined,
  };
  if (tokens.length > 0) {
    const payloads = messagePayloads(organization, notification);
    const reply = await deps.bouncer.notify({ user_id: userId, payloads, devices: tokens.map(({ kind, token }) => ({ kind, token })) });
    if (reply.deleted_devices.length > 0) await deps.removals.forget(userId, reply.deleted_devices);
  }
  if (sealed.length > 0) {
    const data = notificationData(organization, notification);
    const devices = await Promise.all(
      sealed.map(async (r) => ({
        device_id: r.bouncerDeviceId!,
        encrypted_data: await sealFor(r.pushPublicKey, { ...data, push_account_id: r.pushAccountId }),
      })),
    );
    const reply = await deps.bouncer.notifyDevices({ devices });
    if (reply.deleted_device_ids.length > 0) await deps.removals.forget(userId, [], reply.deleted_device_ids);
  }
  return tokens.length + sealed.length;
}
