import { Module } from '@nestjs/common';
import { MessagesProjectionModule } from '../projection/messages-projection.module';
import { MutedUsersHandler } from './muted-users.handlers';

/** The users each user muted. */
@Module({ imports: [MessagesProjectionModule], controllers: [MutedUsersHandler] })
export class MutedUsersModule {}
