import { commandsTopic, DELETE_TOPIC_BATCH, type DeleteTopicBatch } from '@zulip-es/contracts';
import type { Logger, RequestClient } from '@zulip-es/platform';
import { UnrecoverableError, type Job } from 'bullmq';
import { TopicDeletionJob } from './topic-deletion.job';

const BATCH_REPLY_WAIT_MS = 30_000;

/**
 * Runs one topic deletion: sends `topic.delete_batch` (key `realm`) until a batch deletes nothing,
 * keeping one more batch in flight than the one it waits for.
 * The worker decides nothing itself: each batch is decided from the projection, so it deletes
 * what is left. Command ids are `delete-topic:<runId>:<batchNo>` with the batch number kept as the
 * job's progress: after a crash the job resumes at the batch it was sending, whose command, if it
 * was decided already, answers its recorded outcome, and the next one decides afresh. A timeout
 * fails the attempt (BullMQ retries it); a refusal (the administrator lost their role or the
 * channel) ends the job.
 */
export async function runTopicDeletion(job: Job, client: RequestClient, logger: Logger): Promise<{ batches: number; deleted: number }> {
  const { channelId, topic, actorId, runId } = TopicDeletionJob.parse(job.data);
  let batchNo = typeof job.progress === 'number' ? job.progress : 0;
  // Taken over after a crash or retried: the batches before `batchNo` are done (BullMQ keeps the
  // progress across stalled-job recovery and retries; the crash test checks none is sent again).
  if (batchNo > 0)
    logger.info({ jobId: job.id, channelId, batchNo, attempt: job.attemptsStarted, stalled: job.stalledCounter }, 'topic deletion resumed');
  const send = (no: number) => {
    const data: DeleteTopicBatch = { channelId, topic };
    const reply = client.request(commandsTopic('messages'), {
      commandId: `delete-topic:${runId}:${no}`,
      type: DELETE_TOPIC_BATCH,
      kind: 'command',
      key: 'realm',
      correlationId: runId,
      actorId,
      deadline: Date.now() + BATCH_REPLY_WAIT_MS,
      replyTo: client.replyTo,
      after: [],
      data,
    });
    // Awaited in turn below; a rejection of one no longer awaited is not unhandled.
    reply.catch(() => undefined);
    return reply;
  };
  /** Messages deleted by this attempt (a resumed job's earlier batches are not counted). */
  let deleted = 0;
  let current = send(batchNo);
  for (;;) {
    // One batch ahead: the `realm` partition decides it right after this one (seeing its
    // effect), without waiting for this reply to come back and the next request to go out. The
    // one sent after the last is a no-op (nothing left: no event).
    const ahead = send(batchNo + 1);
    const reply = await current;
    if (!reply.ok) throw new UnrecoverableError(`topic deletion refused: ${reply.error.code} ${reply.error.msg}`);
    const count = Number(reply.body.deleted ?? 0);
    batchNo++;
    await job.updateProgress(batchNo);
    if (count === 0) {
      logger.info({ jobId: job.id, channelId, batches: batchNo, deleted }, 'topic deleted');
      return { batches: batchNo, deleted };
    }
    deleted += count;
    current = ahead;
  }
}
