import { Module } from '@nestjs/common';
import { UsersProjectionModule } from '../projection/users-projection.module';
import { UpdateRealmHandler } from './update-realm.handler';

/** The organization's settings (`PATCH /realm`). */
@Module({ imports: [UsersProjectionModule], controllers: [UpdateRealmHandler] })
export class RealmModule {}
