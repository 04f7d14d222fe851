import { Module } from '@nestjs/common';
import { UsersProjectionModule } from '../projection/users-projection.module';
import { UpdateRealmUserSettingsDefaultsHandler } from './update-realm-user-settings-defaults/update-realm-user-settings-defaults.handler';
import { UpdateSettingsHandler } from './update-settings/update-settings.handler';

/** Each user's settings, and the organization's defaults for new users. */
@Module({ imports: [UsersProjectionModule], controllers: [UpdateSettingsHandler, UpdateRealmUserSettingsDefaultsHandler] })
export class UserSettingsModule {}
