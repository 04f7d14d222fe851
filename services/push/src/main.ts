import { bootstrapDomainService } from '@zulip-es/platform';
import { PUSH, PushModule } from './push.module';

bootstrapDomainService(PushModule, PUSH);
