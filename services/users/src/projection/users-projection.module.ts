import { Module } from '@nestjs/common';
import type { Connection } from 'mongoose';
import type { Kafka } from 'kafkajs';
import {
  DURABLE_PRODUCER,
  KAFKA,
  PROJECTION_DOCUMENTS,
  ObjectStore,
  PROJECTION,
  PROJECTION_ON,
  READ_MODELS,
  SERVICE_CONFIG,
  type GroupDocuments,
} from '@zulip-es/platform';
import type { UsersConfig } from '../config';
import { CredentialsStore } from '../credentials/credentials-store';
import { ChannelDirectory } from '../invites/channel-directory';
import { PresenceStore } from '../presence/presence-store';
import { USERS_DEPS, type UsersDeps } from '../shared/users-deps';
import { UserDirectory } from './user-directory';
import { UserDirectoryFeed } from './user-directory.feed';
import { UsersProjection } from './users.projection';
import { UsersRedis } from './users-redis';
import { UsersRepository } from './users.repository';

/**
 * The users service's state: its projection of `users.events` (in Mongo, the latest presence in
 * Redis, every user in memory), the users' credentials, its copy of the channels, and what its handlers work with
 * (`USERS_DEPS`).
 */
@Module({
  providers: [
    UsersRedis,
    { provide: PresenceStore, inject: [UsersRedis], useFactory: (redis: UsersRedis) => new PresenceStore(redis.client) },
    { provide: UserDirectory, useFactory: () => new UserDirectory() },
    { provide: ChannelDirectory, useFactory: () => new ChannelDirectory() },
    { provide: CredentialsStore, inject: [KAFKA], useFactory: (kafka: Kafka) => new CredentialsStore(kafka.producer(DURABLE_PRODUCER)) },
    {
      provide: UsersRepository,
      inject: [PROJECTION_DOCUMENTS, PresenceStore, UserDirectory],
      useFactory: (db: GroupDocuments, presence: PresenceStore, directory: UserDirectory) => new UsersRepository(db, presence, directory),
    },
    { provide: PROJECTION, inject: [UsersRepository], useFactory: (repo: UsersRepository) => new UsersProjection(repo) },
    {
      provide: PROJECTION_ON,
      inject: [PresenceStore, UserDirectory],
      useFactory: (presence: PresenceStore, directory: UserDirectory) => (other: Connection) =>
        new UsersProjection(new UsersRepository(other, presence, directory)),
    },
    {
      provide: READ_MODELS,
      inject: [UserDirectory, ChannelDirectory, CredentialsStore],
      useFactory: (directory: UserDirectory, channels: ChannelDirectory, credentials: CredentialsStore) => [
        new UserDirectoryFeed(directory),
        channels,
        credentials,
      ],
    },
    {
      provide: USERS_DEPS,
      inject: [SERVICE_CONFIG, UsersRepository, PresenceStore, ChannelDirectory, CredentialsStore],
      useFactory: (
        config: UsersConfig,
        repo: UsersRepository,
        presence: PresenceStore,
        channels: ChannelDirectory,
        credentials: CredentialsStore,
      ): UsersDeps => ({
        repo,
        config,
        presence,
        channels,
        credentials,
        objects: new ObjectStore(config),
        startedAt: new Date(),
      }),
    },
  ],
  exports: [PROJECTION, PROJECTION_ON, READ_MODELS, USERS_DEPS, UsersRedis],
})
export class UsersProjectionModule {}
