import { Module } from '@nestjs/common';
import { MessagesProjectionModule } from '../projection/messages-projection.module';
import { CreateChannelHandler } from './create-channel/create-channel.handler';
import { DefaultChannelsHandler } from './default-channels/default-channels.handler';
import { EmailAddressHandler } from './email-address/email-address.handler';
import { ChannelFoldersHandler } from './folders/channel-folders.handlers';
import { AcceptedInvitationHandler } from './invitations/accepted-invitation.handler';
import { ReadChannelsHandler } from './read-channels/read-channels.handler';
import { SubscribeHandler } from './subscribe/subscribe.handler';
import { SubscriptionStatusHandler } from './subscription-status/subscription-status.handler';
import { UnsubscribeHandler } from './unsubscribe/unsubscribe.handler';
import { UpdateChannelHandler } from './update-channel/update-channel.handler';
import { UpdateSubscriptionPropertiesHandler } from './update-subscription-properties/update-subscription-properties.handler';
import { UpdateSubscriptionsHandler } from './update-subscriptions/update-subscriptions.handler';

/**
 * Channels and subscriptions, one folder per use case: creation, subscribing and unsubscribing
 * (also on an accepted invitation), reading, settings and properties, default channels, changes
 * and archiving, email addresses, and channel folders.
 */
@Module({
  imports: [MessagesProjectionModule],
  controllers: [
    CreateChannelHandler,
    SubscribeHandler,
    UnsubscribeHandler,
    UpdateSubscriptionsHandler,
    ReadChannelsHandler,
    SubscriptionStatusHandler,
    UpdateSubscriptionPropertiesHandler,
    DefaultChannelsHandler,
    UpdateChannelHandler,
    EmailAddressHandler,
    ChannelFoldersHandler,
    AcceptedInvitationHandler,
  ],
})
export class ChannelsModule {}
