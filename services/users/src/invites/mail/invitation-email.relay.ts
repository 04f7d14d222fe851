import type { Consumer, Kafka } from 'kafkajs';
import type { Queue } from 'bullmq';
import { EventEnvelope, eventsTopic, UsersEvent } from '@zulip-es/contracts';
import type { Logger } from '@zulip-es/platform';
import type { UsersRepository } from '../../projection/users.repository';
import type { InvitationState } from '../invitation.state';
import type { InvitationEmailJob } from './invitation-email.job';

const GROUP_ID = 'users-invitation-email-relay';

/** The events that mail an invitation's link. */
const MAILED: ReadonlySet<string> = new Set(['invitation.created.v1', 'invitation.resent.v1', 'invitation.requested.v1']);

/**
 * Notify after write: invitation emails are not sent while a command is decided (a redelivered
 * command must not mail twice, and a refused append must not mail at all). This relay reads
 * `users.events` with its own committed offsets and queues one job per `invitation.created` /
 * `invitation.resent` / `invitation.requested` event, with the event id as job id, so reading
 * an event again queues nothing new.
 */
export class InvitationEmailRelay {
  private consumer?: Consumer;

  constructor(
    private readonly kafka: Kafka,
    private readonly queue: Queue,
    private readonly repo: UsersRepository,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    const consumer = this.kafka.consumer({ groupId: GROUP_ID, maxWaitTimeInMs: 100, sessionTimeout: 10_000, heartbeatInterval: 1_000 });
    this.consumer = consumer;
    await consumer.connect();
    await consumer.subscribe({ topic: eventsTopic('users'), fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        if (!message.value) return;
        await this.relay(EventEnvelope.parse(JSON.parse(message.value.toString())));
      },
    });
  }

  /**
   * The invitation as of this event at least: the relay may read an event before the service
   * that appended it has projected it (it appends first), so it waits a little for that.
   */
  private async projected(inviteId: number, sequence: number): Promise<InvitationState | null> {
    for (let attempt = 0; ; attempt++) {
      const invitation = await this.repo.invitation(inviteId);
      if ((invitation && invitation.version >= sequence) || attempt >= 50) return invitation;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async stop(): Promise<void> {
    await this.consumer?.disconnect();
  }

  async relay(envelope: EventEnvelope): Promise<void> {
    if (!MAILED.has(envelope.type)) return;
    const job = await this.jobFor(UsersEvent.parse({ type: envelope.type, data: envelope.data }), envelope.sequence);
    if (!job) return;
    await this.queue.add('invitation-email', job, {
      jobId: envelope.eventId,
      attempts: 8,
      backoff: { type: 'exponential', delay: 2_000 },
      // Kept a month so that a job id seen again (a replayed topic) is still known.
      removeOnComplete: { age: 30 * 24 * 3600 },
      removeOnFail: { age: 30 * 24 * 3600 },
    });
    this.logger.debug({ inviteId: job.inviteId, jobId: envelope.eventId }, 'invitation email queued');
  }

  private async jobFor(event: UsersEvent, sequence: number): Promise<InvitationEmailJob | null> {
    if (event.type !== 'invitation.created.v1' && event.type !== 'invitation.resent.v1' && event.type !== 'invitation.requested.v1')
      return null;
    const invitation = await this.projected(event.data.inviteId, sequence);
    // Never mail a link that can no longer be used (an old event read again much later).
    if (invitation && invitation.status !== 'pending') return null;
    // Resent since: only the latest link works, and the later event mails it.
    if (invitation && invitation.version >= sequence && invitation.keyNonce !== event.data.keyNonce) return null;
    if (event.type === 'invitation.created.v1') {
      const { inviteId, email, invitedByUserId, keyNonce, expiresAt } = event.data;
      return { inviteId, email, referrerId: invitedByUserId, keyNonce, expiresAt };
    }
    if (event.type === 'invitation.requested.v1') {
      const { inviteId, email, referrerId, keyNonce, expiresAt, linkId } = event.data;
      return { inviteId, email, referrerId, keyNonce, expiresAt, linkId };
    }
    if (!invitation) throw new Error(`invitation ${event.data.inviteId} resent before it was projected`);
    return {
      inviteId: invitation.inviteId,
      email: invitation.email,
      referrerId: invitation.invitedByUserId,
      keyNonce: event.data.keyNonce,
      expiresAt: invitation.expiresAt,
    };
  }
}
