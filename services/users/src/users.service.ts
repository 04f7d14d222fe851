import { Redis } from 'ioredis';
import { ObjectStore, type DomainServiceOptions } from '@zulip-es/platform';
import { UsersConfigSchema } from './config';
import { PresenceStore } from './presence/presence-store';
import { ChannelDirectory } from './invites/channel-directory';
import { startInvitationMail } from './invites/mail/invitation-mail';
import { UsersProjection } from './projection/users.projection';
import { UsersRepository } from './projection/users.repository';
import { UserDirectory } from './projection/user-directory';
import { UserDirectoryFeed } from './projection/user-directory.feed';
import { usersHandlers } from './users.handlers';

export const usersService: DomainServiceOptions<typeof UsersConfigSchema> = {
  service: 'users',
  configSchema: UsersConfigSchema,
  port: (config) => config.USERS_PORT,
  assemble: (db, config) => {
    // Connects lazily and lives as long as the process (which exits on shutdown).
    const presence = new PresenceStore(new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableAutoPipelining: true }));
    const directory = new UserDirectory();
    const repo = new UsersRepository(db, presence, directory);
    const channels = new ChannelDirectory();
    return {
      projection: new UsersProjection(repo),
      projectionOn: (other) => new UsersProjection(new UsersRepository(other, presence, directory)),
      handlers: usersHandlers({ repo, config, presence, channels, objects: new ObjectStore(config), startedAt: new Date() }),
      readModels: [new UserDirectoryFeed(directory), channels],
    };
  },
  background: startInvitationMail,
};
