import { Inject, Injectable, type OnModuleDestroy, Optional } from '@nestjs/common';
import type { Kafka, Producer } from 'kafkajs';
import type { Connection } from 'mongoose';
import type { Documents } from '../mongo/document-collection';
import { createDeclaredIndexes } from '../mongo/document-schema';
import { commandsTopic, eventsTopic, type ServiceName } from '@zulip-es/contracts';
import { commandMetrics } from '../metrics/command-metrics';
import { ConsumerLag } from '../metrics/consumer-lag';
import { Metrics } from '../metrics/metrics';
import type { ServiceConfig } from '../config/service-config';
import { EventStore, type Projection } from '../event-store/event-store';
import { DURABLE_PRODUCER } from '../kafka/kafka-client';
import { TopicFollower } from '../kafka/topic-follower';
import type { Logger } from '../logging/logger';
import { Quarantine } from '../quarantine/quarantine';
import { MongoQuarantineStore } from '../quarantine/quarantine-stores';
import { CommandProcessor } from '../runtime/command-processor';
import type { HandlerRegistry } from '../runtime/handlers';
import { ServiceReadiness } from './health/service-readiness';
import { applyToReadModel, type ReadModel } from '../runtime/read-model';
import { prepareProjection } from '../runtime/prepare-projection';
import {
  KAFKA,
  LOGGER,
  MONGO_CONNECTION,
  PROJECTION,
  PROJECTION_DOCUMENTS,
  PROJECTION_ON,
  READ_MODELS,
  SERVICE_CONFIG,
  SERVICE_NAME,
} from './tokens';
import type { GroupDocuments } from '../mongo/group-documents';

/** What background work of a service uses once the service serves. */
export interface ServiceParts {
  kafka: Kafka;
  db: Connection;
  store: EventStore;
  /** Where consumers of other topics (the event relays) report their lag. */
  lag: ConsumerLag;
}

/** Work beside the command path (relays, BullMQ workers), started once the service serves. */
export interface Started {
  stop(): Promise<void>;
}

/**
 * The life of a domain service: catch the projection up with the events topic, follow the read
 * models, then decide commands; background work starts after that and stops before it. `ready`
 * turns true only after the catch-up.
 */
@Injectable()
export class ServiceRuntime implements ServiceReadiness, OnModuleDestroy {
  ready = false;
  private readonly producer: Producer;
  private readonly quarantine: Quarantine;
  private processor?: CommandProcessor;
  private followers: TopicFollower[] = [];
  private store?: EventStore;
  private pruner?: NodeJS.Timeout;
  private pruning = false;
  private readonly starters: ((parts: ServiceParts) => Promise<Started>)[] = [];
  private readonly started: Started[] = [];
  private stopping?: Promise<void>;

  constructor(
    @Inject(SERVICE_NAME) private readonly service: ServiceName,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(KAFKA) private readonly kafka: Kafka,
    @Inject(MONGO_CONNECTION) private readonly db: Connection,
    @Inject(PROJECTION_DOCUMENTS) private readonly grouped: GroupDocuments,
    @Inject(PROJECTION) private readonly projection: Projection,
    @Inject(READ_MODELS) private readonly readModels: ReadModel[],
    private readonly metrics: Metrics,
    private readonly lag: ConsumerLag,
    @Optional() @Inject(PROJECTION_ON) private readonly projectionOn?: (documents: Documents) => Projection,
  ) {
    this.producer = kafka.producer(DURABLE_PRODUCER);
    this.quarantine = new Quarantine(new MongoQuarantineStore(db), logger);
  }

  /** Background work to start once the service serves (registered by providers in `onModuleInit`). */
  onceServing(start: (parts: ServiceParts) => Promise<Started>): void {
    this.starters.push(start);
  }

  /** Called by the command transport with the handlers Nest collected. */
  async start(handlers: HandlerRegistry): Promise<void> {
    const { service, kafka, db, projection, projectionOn, logger, quarantine } = this;
    await this.producer.connect();
    await quarantine.load();
    // The previous release answers meanwhile; joining the group below moves every command here.
    const { beforeCatchUp } = await prepareProjection({
      service,
      kafka,
      db,
      topic: eventsTopic(service),
      projection,
      projectionOn,
      logger,
      quarantine,
    });
    const outcomes = { keptAfterDeadlineMs: this.config.COMMAND_OUTCOME_RETENTION_MS };
    const store = new EventStore(kafka, this.producer, eventsTopic(service), db, projection, logger, {
      quarantine,
      outcomes,
      grouped: this.grouped,
    });
    this.store = store;
    // After a rebuild, which dropped them with their collections; the models are all registered by now.
    await createDeclaredIndexes(db);
    this.followers = this.readModels.map(
      (model) =>
        new TopicFollower(
          kafka,
          { name: `${service}-${model.name}-${this.config.INSTANCE_ID}`, topics: model.topics },
          (batch) => applyToReadModel(model, batch, logger, quarantine),
          logger,
        ),
    );
    // Each resolves once its topics are read up to their end as it was at start.
    await Promise.all(this.followers.map((f) => f.start()));
    this.processor = new CommandProcessor(
      kafka,
      this.producer,
      {
        service,
        handlers,
        store,
        followers: this.followers,
        onFatal: (error) => this.fatal(error),
        onHandled: commandMetrics(this.metrics),
        projectionVersion: projection.version ?? 0,
        beforeCatchUp,
      },
      logger,
    );
    await this.processor.start();
    this.lag.add({ group: this.processor.groupId, topics: [commandsTopic(service)], committed: true });
    for (const [i, follower] of this.followers.entries())
      this.lag.add({ group: follower.name, topics: this.readModels[i]!.topics, applied: () => follower.appliedPositions() });
    // Not at once: a relay sending a command again after this service was down gets its answer first.
    this.pruner = setInterval(() => void this.pruneOutcomes(store), this.config.COMMAND_OUTCOME_PRUNE_EVERY_MS).unref();
    this.ready = true;
    logger.info({ service }, 'ready');
    for (const start of this.starters) this.started.push(await start({ kafka, db, store, lag: this.lag }));
  }

  /** The health answer's figures: the events in quarantine. */
  details(): { quarantined_events: number } {
    return { quarantined_events: this.quarantine.count };
  }

  /** The read models that do not follow their topics right now: the service says so in its health answer. */
  staleReadModels(): string[] {
    return this.followers.filter((f) => f.stale !== undefined).map((f) => f.name);
  }

  /** Background work first, then the command path; once, whoever asks first (the transport or Nest's shutdown). */
  stop(): Promise<void> {
    return (this.stopping ??= this.stopAll());
  }

  onModuleDestroy(): Promise<void> {
    return this.stop();
  }

  private async stopAll(): Promise<void> {
    this.ready = false;
    for (const work of this.started.reverse()) await work.stop();
    clearInterval(this.pruner);
    await this.processor?.stop();
    // The last commands' outcomes and checkpoints, written after their replies.
    await this.store?.flushCheckpoints().catch(() => undefined);
    await Promise.allSettled(this.followers.map((f) => f.stop()));
    await this.producer.disconnect();
  }

  private async pruneOutcomes(store: EventStore): Promise<void> {
    if (this.pruning) return;
    this.pruning = true;
    try {
      const pruned = await store.pruneOutcomes();
      if (pruned > 0) this.logger.info({ pruned }, 'command outcomes past their time deleted');
    } catch (error) {
      this.logger.warn({ err: error }, 'command outcomes not pruned; tried again later');
    } finally {
      this.pruning = false;
    }
  }

  private fatal(error: unknown): void {
    this.logger.fatal({ err: error }, 'projection may be behind its events; exiting to catch up on restart');
    process.exit(70);
  }
}
