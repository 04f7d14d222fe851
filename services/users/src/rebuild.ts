import { rebuildDomainService } from '@zulip-es/platform';
import { USERS, UsersProjectionRootModule } from './users.module';

rebuildDomainService(UsersProjectionRootModule, USERS);
