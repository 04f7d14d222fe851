import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { TOPIC_DELETION_QUEUE, topicDeletionJobId, type TopicDeletionJob } from './topic-deletion.job';

const POLL_MS = 50;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts or joins the deletion job of a topic and waits for it a bounded time. Jobs are removed
 * once completed, so a later request for the same topic starts a new one; a failed job is
 * removed by the next request, which starts afresh (what is deleted stays deleted). Connects to
 * Redis on first use only (the projection rebuild assembles the service without using it).
 */
export class TopicDeletionQueue {
  private queue?: Queue;
  private redis?: Redis;

  constructor(private readonly redisUrl: string) {}

  private jobs(): Queue {
    if (!this.queue) {
      this.redis = new Redis(this.redisUrl, { maxRetriesPerRequest: null });
      this.queue = new Queue(TOPIC_DELETION_QUEUE, { connection: this.redis });
    }
    return this.queue;
  }

  /** True once the job has finished within `waitMs`; false while it goes on. */
  async run(request: Omit<TopicDeletionJob, 'runId'>, waitMs: number): Promise<boolean> {
    const queue = this.jobs();
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
    const until = Date.now() + waitMs;
    for (;;) {
      const job = await queue.getJob(jobId);
      if (!job) return true;
      if (await job.isFailed()) return false;
      if (Date.now() >= until) return false;
      await sleep(Math.min(POLL_MS, Math.max(1, until - Date.now())));
    }
  }

  async close(): Promise<void> {
    await this.queue?.close();
    this.redis?.disconnect();
  }
}
