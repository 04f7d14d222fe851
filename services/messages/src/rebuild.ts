import { rebuildDomainService } from '@zulip-es/platform';
import { MESSAGES, MessagesProjectionRootModule } from './messages.module';

rebuildDomainService(MessagesProjectionRootModule, MESSAGES);
