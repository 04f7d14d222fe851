import { runDomainService } from '@zulip-es/platform';
import { messagesService } from './messages.service';

runDomainService(messagesService);
