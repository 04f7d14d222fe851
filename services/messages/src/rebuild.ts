import { runRebuild } from '@zulip-es/platform';
import { messagesService } from './messages.service';

runRebuild(messagesService);
