import { rebuildDomainService } from '@zulip-es/platform';
import { PUSH, PushProjectionRootModule } from './push.module';

rebuildDomainService(PushProjectionRootModule, PUSH);
