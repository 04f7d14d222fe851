import { runDomainService } from '@zulip-es/platform';
import { pushService } from './push.service';

runDomainService(pushService);
