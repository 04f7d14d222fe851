import { bootstrapDomainService } from '@zulip-es/platform';
import { UPLOADS, UploadsModule } from './uploads.module';

bootstrapDomainService(UploadsModule, UPLOADS);
