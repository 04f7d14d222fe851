import { runRebuild } from '@zulip-es/platform';
import { uploadsService } from './uploads.service';

runRebuild(uploadsService);
