import type { Producer } from 'kafkajs';
import type { Connection } from 'mongoose';
import { eventsTopic, type ServiceName } from '@zulip-es/contracts';
import type { ServiceConfig } from '../config/service-config';
import { EventStore, type Projection } from '../event-store/event-store';
import { createKafka, DURABLE_PRODUCER } from '../kafka/kafka-client';
import { TopicFollower } from '../kafka/topic-follower';
import type { Logger } from '../logging/logger';
import { connectMongo } from '../mongo/connect-mongo';
import type { Documents } from '../mongo/document-collection';
import { createDeclaredIndexes } from '../mongo/document-schema';
import { Quarantine } from '../quarantine/quarantine';
import { MongoQuarantineStore } from '../quarantine/quarantine-stores';
import { CommandProcessor } from './command-processor';
import { rebuildIfStale } from './rebuild-projection';
import type { HandlerRegistry } from './handlers';
import { applyToReadModel, type ReadModel } from './read-model';

import type { ServiceParts } from '../nest/service-runtime';
export type { ServiceParts };

export interface ServiceDefinition {
  service: ServiceName;
  /** Builds the projection, the handlers and the read models once Mongo is connected. */
  assemble(db: Connection): ServiceAssembly;
}

export interface ServiceAssembly {
  projection: Projection;
  /** The same projection over other documents, for a rebuild through a write-behind buffer. */
  projectionOn?: (documents: Documents) => Projection;
  handlers: HandlerRegistry;
  /** Copies of other services' state, fed from their events topics (see ReadModel). */
  readModels?: ReadModel[];
}

/**
 * The life of a domain service: connect to Kafka and Mongo, catch the projection up with the
 * events topic, then decide commands. `ready` turns true only after the catch-up.
 */
export class AssembledServiceRuntime {
  ready = false;
  private producer?: Producer;
  private processor?: CommandProcessor;
  private followers: TopicFollower[] = [];
  private db?: Connection;
  private store?: EventStore;
  private quarantine?: Quarantine;
  private pruner?: NodeJS.Timeout;
  private pruning = false;

  constructor(
    private readonly definition: ServiceDefinition,
    private readonly config: ServiceConfig,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<ServiceParts> {
    const { service } = this.definition;
    const kafka = createKafka(`${service}-${this.config.INSTANCE_ID}`, this.config.KAFKA_BROKERS, this.logger);
    this.db = await connectMongo(this.config.MONGO_URL, service);
    this.producer = kafka.producer(DURABLE_PRODUCER);
    await this.producer.connect();
    const { projection, projectionOn, handlers, readModels = [] } = this.definition.assemble(this.db);
    const quarantine = new Quarantine(new MongoQuarantineStore(this.db), this.logger);
    this.quarantine = quarantine;
    await quarantine.load();
    await rebuildIfStale({ kafka, db: this.db, topic: eventsTopic(service), projection, projectionOn, logger: this.logger, quarantine });
    const outcomes = { keptAfterDeadlineMs: this.config.COMMAND_OUTCOME_RETENTION_MS };
    const store = new EventStore(kafka, this.producer, eventsTopic(service), this.db, projection, this.logger, { quarantine, outcomes });
    this.store = store;
    // After a rebuild, which dropped them with their collections; the models are all registered by now.
    await createDeclaredIndexes(this.db);
    this.followers = readModels.map(
      (model) =>
        new TopicFollower(
          kafka,
          { name: `${service}-${model.name}-${this.config.INSTANCE_ID}`, topics: model.topics },
          (batch) => applyToReadModel(model, batch, this.logger, quarantine),
          this.logger,
        ),
    );
    // Each resolves once its topics are read up to their end as it was at start.
    await Promise.all(this.followers.map((f) => f.start()));
    this.processor = new CommandProcessor(
      kafka,
      this.producer,
      { service, handlers, store, followers: this.followers, onFatal: (error) => this.fatal(error) },
      this.logger,
    );
    await this.processor.start();
    // Not at once: a relay sending a command again after this service was down gets its answer first.
    this.pruner = setInterval(() => void this.pruneOutcomes(store), this.config.COMMAND_OUTCOME_PRUNE_EVERY_MS).unref();
    this.ready = true;
    this.logger.info({ service }, 'ready');
    return { kafka, db: this.db, store };
  }

  /** Figures of the health answer: the events in quarantine. */
  health(): { quarantined_events: number } {
    return { quarantined_events: this.quarantine?.count ?? 0 };
  }

  /** The read models that do not follow their topics right now: the service says so in its health answer. */
  staleReadModels(): string[] {
    return this.followers.filter((f) => f.stale !== undefined).map((f) => f.name);
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

  async stop(): Promise<void> {
    this.ready = false;
    clearInterval(this.pruner);
    await this.processor?.stop();
    // The last commands' outcomes and checkpoints, written after their replies.
    await this.store?.flushCheckpoints().catch(() => undefined);
    await Promise.allSettled(this.followers.map((f) => f.stop()));
    await this.producer?.disconnect();
    await this.db?.close();
  }

  private fatal(error: unknown): void {
    this.logger.fatal({ err: error }, 'projection may be behind its events; exiting to catch up on restart');
    process.exit(70);
  }
}
