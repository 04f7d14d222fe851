import { runQuarantine } from '@zulip-es/platform';
import { usersService } from './users.service';

runQuarantine(usersService);
