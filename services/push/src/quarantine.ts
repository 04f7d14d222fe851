import { runQuarantine } from '@zulip-es/platform';
import { pushService } from './push.service';

runQuarantine(pushService);
