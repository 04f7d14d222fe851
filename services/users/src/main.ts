import { runDomainService } from '@zulip-es/platform';
import { usersService } from './users.service';

runDomainService(usersService);
