import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { SERVICE_CONFIG } from '@zulip-es/platform';
import type { UsersConfig } from '../config';
import { UsersProjectionModule } from '../projection/users-projection.module';
import { UsersRedis } from '../projection/users-redis';
import { AcceptInviteHandler } from './accept-invite/accept-invite.handler';
import { CreateInviteLinkHandler } from './create-invite-link/create-invite-link.handler';
import { GetInvitesHandler } from './get-invites/get-invites.handler';
import { JoinThroughInviteLinkHandler } from './join-invite-link/join-invite-link.handler';
import { INVITATION_EMAIL_QUEUE } from './mail/invitation-email.job';
import { InvitationEmailProcessor } from './mail/invitation-email.processor';
import { InvitationMail } from './mail/invitation-mail';
import { createMailer, MAILER } from './mail/mailer';
import { ResendInviteHandler } from './resend-invite/resend-invite.handler';
import { RevokeInviteLinkHandler } from './revoke-invite-link/revoke-invite-link.handler';
import { RevokeInviteHandler } from './revoke-invite/revoke-invite.handler';
import { SendInvitesHandler } from './send-invites/send-invites.handler';

/** Invitations by email and reusable invitation links, and the emails they send. */
@Module({
  imports: [UsersProjectionModule, BullModule.registerQueue({ name: INVITATION_EMAIL_QUEUE })],
  controllers: [
    SendInvitesHandler,
    GetInvitesHandler,
    RevokeInviteHandler,
    ResendInviteHandler,
    AcceptInviteHandler,
    CreateInviteLinkHandler,
    RevokeInviteLinkHandler,
    JoinThroughInviteLinkHandler,
  ],
  providers: [
    {
      provide: MAILER,
      inject: [SERVICE_CONFIG, UsersRedis],
      useFactory: (config: UsersConfig, redis: UsersRedis) => createMailer(config, redis.client),
    },
    InvitationEmailProcessor,
    InvitationMail,
  ],
})
export class InvitesModule {}
