import { runRebuild } from '@zulip-es/platform';
import { usersService } from './users.service';

runRebuild(usersService);
