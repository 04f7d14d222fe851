import { runQuarantine } from '@zulip-es/platform';
import { uploadsService } from './uploads.service';

runQuarantine(uploadsService);
