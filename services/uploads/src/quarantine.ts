import { quarantineDomainService } from '@zulip-es/platform';
import { UPLOADS, UploadsProjectionRootModule } from './uploads.module';

quarantineDomainService(UploadsProjectionRootModule, UPLOADS);
