import { runDomainService } from '@zulip-es/platform';
import { uploadsService } from './uploads.service';

runDomainService(uploadsService);
