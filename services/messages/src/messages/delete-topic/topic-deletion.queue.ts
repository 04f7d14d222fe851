import { randomUUID } from 'node:crypto';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { SERVICE_CONFIG } from '@zulip-es/platform';
import type { MessagesConfig } from '../../config';
import { TOPIC_DELETION_QUEUE, topicDeletionJobId, type TopicDeletionJob } from './topic-deletion.job';

const POLL_MS = 50;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts or joins the deletion job of a topic and waits for it a bounded time
 * (`DELETE_TOPIC_WAIT_MS`). Jobs are removed once completed, so a later request for the same
 * topic starts a new one; a failed job is removed by the next request, which starts afresh (what
 * is deleted stays deleted).
 */
@Injectable()
export class TopicDeletionQueue {
  private readonly waitMs: number;

  constructor(
    @InjectQueue(TOPIC_DELETION_QUEUE) private readonly queue: Queue<TopicDeletionJob>,
    @Inject(SERVICE_CONFIG) config: MessagesConfig,
  ) {
    this.waitMs = config.DELETE_TOPIC_WAIT_MS;
  }

  /** True once the job has finished within the wait; false while it goes on. */
  async run(request: Omit<TopicDeletionJob, 'runId'>): Promise<boolean> {
    const { queue } = this;
    const jobId = topicDeletionJobId(request.channelId, request.topic);
    const previous = await queue.getJob(jobId);
    if (previous && (await previous.isFailed())) await previous.remove();
    const data: TopicDeletionJob = { ...request, runId: randomUUID() };
    // An existing job of that id (running, waiting or retrying) is returned unchanged: joined.
    await queue.add('delete-topic', data, {
      jobId,
      attempts: 10,
      backoff: { type: 'exponential', delay: 500 },
      removeOnComplete: true,
      removeOnFail: false,
    });
    const until = Date.now() + this.waitMs;
    for (;;) {
      const job = await queue.getJob(jobId);
      if (!job) return true;
      if (await job.isFailed()) return false;
      if (Date.now() >= until) return false;
      await sleep(Math.min(POLL_MS, Math.max(1, until - Date.now())));
    }
  }
}
