import { bootstrapStreamService } from '@zulip-es/platform';
import { REALTIME, RealtimeModule } from './realtime.module';

bootstrapStreamService(RealtimeModule, REALTIME);
