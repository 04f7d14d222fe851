import { bootstrapDomainService } from '@zulip-es/platform';
import { MESSAGES, MessagesModule } from './messages.module';

bootstrapDomainService(MessagesModule, MESSAGES);
