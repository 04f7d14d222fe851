import { Module } from '@nestjs/common';
import { UsersProjectionModule } from '../projection/users-projection.module';
import { BootstrapRealmHandler } from './bootstrap-realm.handler';

/** The organization, its owner, system groups and system bots, created once at the first start. */
@Module({ imports: [UsersProjectionModule], controllers: [BootstrapRealmHandler] })
export class BootstrapRealmModule {}
