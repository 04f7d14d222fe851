import { quarantineDomainService } from '@zulip-es/platform';
import { PUSH, PushProjectionRootModule } from './push.module';

quarantineDomainService(PushProjectionRootModule, PUSH);
