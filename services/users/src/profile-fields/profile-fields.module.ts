import { Module } from '@nestjs/common';
import { OwnProfileDataHandler } from '../own-profile-data/own-profile-data.handler';
import { UsersProjectionModule } from '../projection/users-projection.module';
import { CreateProfileFieldHandler } from './create-profile-field/create-profile-field.handler';
import { DeleteProfileFieldHandler } from './delete-profile-field/delete-profile-field.handler';
import { ListProfileFieldsHandler } from './list-profile-fields/list-profile-fields.handler';
import { ReorderProfileFieldsHandler } from './reorder-profile-fields/reorder-profile-fields.handler';
import { UpdateProfileFieldHandler } from './update-profile-field/update-profile-field.handler';

/** The organization's custom profile fields, and each user's own values of them. */
@Module({
  imports: [UsersProjectionModule],
  controllers: [
    ListProfileFieldsHandler,
    CreateProfileFieldHandler,
    UpdateProfileFieldHandler,
    DeleteProfileFieldHandler,
    ReorderProfileFieldsHandler,
    OwnProfileDataHandler,
  ],
})
export class ProfileFieldsModule {}
