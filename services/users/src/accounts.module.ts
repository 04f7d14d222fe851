import { Module } from '@nestjs/common';
import { CreateUserHandler } from './create-user/create-user.handler';
import { DeactivateUserHandler } from './deactivate-user/deactivate-user.handler';
import { ExportConsentsHandler } from './export-consents/export-consents.handler';
import { FetchApiKeyHandler } from './fetch-api-key/fetch-api-key.handler';
import { GetOwnUserHandler } from './get-own-user/get-own-user.handler';
import { GetUsersHandler } from './get-users/get-users.handler';
import { UsersProjectionModule } from './projection/users-projection.module';
import { ReactivateUserHandler } from './reactivate-user/reactivate-user.handler';
import { UpdateUserHandler } from './update-user/update-user.handler';

/**
 * The users themselves, one folder per use case: creation, deactivation and reactivation,
 * reading, changes by administrators, API keys, and their consents to organization exports.
 */
@Module({
  imports: [UsersProjectionModule],
  controllers: [
    CreateUserHandler,
    DeactivateUserHandler,
    ReactivateUserHandler,
    GetOwnUserHandler,
    GetUsersHandler,
    UpdateUserHandler,
    FetchApiKeyHandler,
    ExportConsentsHandler,
  ],
})
export class AccountsModule {}
