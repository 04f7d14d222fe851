import { Module } from '@nestjs/common';
import { UsersProjectionModule } from '../projection/users-projection.module';
import { GetRealmPresenceHandler } from './get-realm-presence/get-realm-presence.handler';
import { GetUserPresenceHandler } from './get-user-presence/get-user-presence.handler';
import { UpdatePresenceHandler } from './update-presence/update-presence.handler';

/** Presence: pings in Redis, announced changes as events. */
@Module({ imports: [UsersProjectionModule], controllers: [UpdatePresenceHandler, GetRealmPresenceHandler, GetUserPresenceHandler] })
export class PresenceModule {}
