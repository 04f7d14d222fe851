import { bootstrapDomainService } from '@zulip-es/platform';
import { USERS, UsersModule } from './users.module';

bootstrapDomainService(UsersModule, USERS);
