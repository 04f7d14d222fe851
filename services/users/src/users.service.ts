import { Redis } from 'ioredis';
import type { DomainServiceOptions } from '@zulip-es/platform';
import { UsersConfigSchema } from './config';
import { PresenceStore } from './presence/presence-store';
import { startInvitationMail } from './invites/mail/invitation-mail';
import { UsersProjection } from './projection/users.projection';
import { UsersRepository } from './projection/users.repository';
import { UserDirectory } from './projection/user-directory';
import { userDirectoryFeed } from './projection/user-directory.feed';
import { usersHandlers } from './users.handlers';

export const usersService: DomainServiceOptions<typeof UsersConfigSchema> = {
  service: 'users',
  configSchema: UsersConfigSchema,
  port: (config) => config.USERS_PORT,
  assemble: (db, config, { kafka, logger }) => {
    // Connects lazily and lives as long as the process (which exits on shutdown).
    const presence = new PresenceStore(new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableAutoPipelining: true }));
    const directory = new UserDirectory();
    const repo = new UsersRepository(db, presence, directory);
    return {
      projection: new UsersProjection(repo),
      handlers: usersHandlers({ repo, config, presence }),
      readModels: [userDirectoryFeed(directory, kafka, config.INSTANCE_ID, logger)],
    };
  },
  background: startInvitationMail,
};
