import { Module } from '@nestjs/common';
import { UsersProjectionModule } from '../projection/users-projection.module';
import { ServerSettingsHandler } from './server-settings.handler';

/** `GET /server_settings`, asked before any login. */
@Module({ imports: [UsersProjectionModule], controllers: [ServerSettingsHandler] })
export class ServerSettingsModule {}
