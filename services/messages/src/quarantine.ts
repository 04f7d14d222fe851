import { quarantineDomainService } from '@zulip-es/platform';
import { MESSAGES, MessagesProjectionRootModule } from './messages.module';

quarantineDomainService(MessagesProjectionRootModule, MESSAGES);
