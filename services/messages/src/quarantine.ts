import { runQuarantine } from '@zulip-es/platform';
import { messagesService } from './messages.service';

runQuarantine(messagesService);
