import { rebuildDomainService } from '@zulip-es/platform';
import { UPLOADS, UploadsProjectionRootModule } from './uploads.module';

rebuildDomainService(UploadsProjectionRootModule, UPLOADS);
