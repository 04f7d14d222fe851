import { Redis } from 'ioredis';
import { loadConfig, runRedisQuarantine } from '@zulip-es/platform';
import { RealtimeConfigSchema } from './config';

runRedisQuarantine('realtime', () => new Redis(loadConfig(RealtimeConfigSchema).REDIS_URL));
