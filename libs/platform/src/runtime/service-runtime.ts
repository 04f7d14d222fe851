import type { Kafka, Producer } from 'kafkajs';
import type { Connection } from 'mongoose';
import { eventsTopic, type ServiceName } from '@zulip-es/contracts';
import type { ServiceConfig } from '../config/service-config';
import { EventStore, type Projection } from '../event-store/event-store';
import { createKafka, DURABLE_PRODUCER } from '../kafka/kafka-client';
import type { Logger } from '../logging/logger';
import { connectMongo } from '../mongo/connect-mongo';
import { CommandProcessor } from './command-processor';
import type { HandlerRegistry } from './handlers';
import type { ReadModel } from './read-model';

export interface ServiceParts {
  kafka: Kafka;
  db: Connection;
  store: EventStore;
}

export interface ServiceDefinition {
  service: ServiceName;
  /** Builds the projection, the handlers and any in-memory read models once Mongo is connected. */
  assemble(db: Connection, runtime: { kafka: Kafka; logger: Logger }): { projection: Projection; handlers: HandlerRegistry; readModels?: ReadModel[] };
}

/**
 * The life of a domain service: connect to Kafka and Mongo, catch the projection up with the
 * events topic, then decide commands. `ready` turns true only after the catch-up.
 */
export class ServiceRuntime {
  ready = false;
  private producer?: Producer;
  private processor?: CommandProcessor;
  private db?: Connection;
  private readModels: ReadModel[] = [];

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
    const { projection, handlers, readModels = [] } = this.definition.assemble(this.db, { kafka, logger: this.logger });
    this.readModels = readModels;
    const store = new EventStore(kafka, this.producer, eventsTopic(service), this.db, projection, this.logger);
    this.processor = new CommandProcessor(
      kafka,
      this.producer,
      { service, handlers, store, readModels, onFatal: (error) => this.fatal(error) },
      this.logger,
    );
    await this.processor.start();
    this.ready = true;
    this.logger.info({ service }, 'ready');
    return { kafka, db: this.db, store };
  }

  async stop(): Promise<void> {
    this.ready = false;
    await this.processor?.stop();
    await Promise.allSettled(this.readModels.map((model) => model.stop()));
    await this.producer?.disconnect();
    await this.db?.close();
  }

  private fatal(error: unknown): void {
    this.logger.fatal({ err: error }, 'projection may be behind its events; exiting to catch up on restart');
    process.exit(70);
  }
}
