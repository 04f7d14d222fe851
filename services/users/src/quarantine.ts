import { quarantineDomainService } from '@zulip-es/platform';
import { USERS, UsersProjectionRootModule } from './users.module';

quarantineDomainService(UsersProjectionRootModule, USERS);
