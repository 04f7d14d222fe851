import type { DomainServiceOptions } from '@zulip-es/platform';
import { UsersConfigSchema } from './config';
import { startInvitationMail } from './invites/mail/invitation-mail';
import { UsersProjection } from './projection/users.projection';
import { UsersRepository } from './projection/users.repository';
import { usersHandlers } from './users.handlers';

export const usersService: DomainServiceOptions<typeof UsersConfigSchema> = {
  service: 'users',
  configSchema: UsersConfigSchema,
  port: (config) => config.USERS_PORT,
  assemble: (db, config) => {
    const repo = new UsersRepository(db);
    return { projection: new UsersProjection(repo), handlers: usersHandlers({ repo, config }) };
  },
  background: startInvitationMail,
};
