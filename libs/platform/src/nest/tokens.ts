/**
 * What a domain service's modules inject from the platform's, by token: the values are plain
 * objects (kafkajs, mongoose, pino), not classes Nest could name by their type.
 */
export const SERVICE_NAME = Symbol('SERVICE_NAME');
/** The service's configuration, parsed by its zod schema through `@nestjs/config`. */
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
export const LOGGER = Symbol('LOGGER');
export const KAFKA = Symbol('KAFKA');
/** The service's mongoose connection (its projection's database). */
export const MONGO_CONNECTION = Symbol('MONGO_CONNECTION');
/**
 * The documents of the service's database that its projection reads and writes and its commands
 * decide on (`GroupDocuments`): repositories are built on these, so that what a command group
 * writes reaches the store only once its events are in Kafka.
 */
export const PROJECTION_DOCUMENTS = Symbol('PROJECTION_DOCUMENTS');
/** The projection of the service's own events topic (see `Projection`). */
export const PROJECTION = Symbol('PROJECTION');
/** The same projection over another connection, for a rebuild through a write-behind buffer. */
export const PROJECTION_ON = Symbol('PROJECTION_ON');
/** The read models the service keeps of other services' events (see `ReadModel`). */
export const READ_MODELS = Symbol('READ_MODELS');
