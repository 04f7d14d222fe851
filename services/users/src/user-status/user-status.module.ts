import { Module } from '@nestjs/common';
import { UsersProjectionModule } from '../projection/users-projection.module';
import { GetUserStatusHandler } from './get-user-status/get-user-status.handler';
import { UpdateUserStatusHandler } from './update-user-status/update-user-status.handler';

/** Users' statuses: away, status text and emoji. */
@Module({ imports: [UsersProjectionModule], controllers: [GetUserStatusHandler, UpdateUserStatusHandler] })
export class UserStatusModule {}
