import { Redis } from 'ioredis';
import { loadConfig, runRedisQuarantine } from '@zulip-es/platform';
import { GatewayConfigSchema } from './config';

runRedisQuarantine('gateway', () => new Redis(loadConfig(GatewayConfigSchema).REDIS_URL));
