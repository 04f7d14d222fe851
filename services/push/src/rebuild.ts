import { runRebuild } from '@zulip-es/platform';
import { pushService } from './push.service';

runRebuild(pushService);
