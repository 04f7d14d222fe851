import { connectMongo, type Started, type Logger } from '@zulip-es/platform';
import type { PushConfig } from '../config';
import { BouncerDevices } from './bouncer-devices';
import { BouncerKeyring } from './bouncer-keyring';
import { startBouncerServer } from './bouncer-server';
import { BouncerTokens } from './bouncer-tokens';
import { configuredProviders } from './providers/configured-providers';

/** The push bouncer of this deployment, when it has key pairs (`PUSH_BOUNCER_KEYS`). */
export async function startBouncer(config: PushConfig, logger: Logger): Promise<Started | null> {
  if (!config.PUSH_BOUNCER_KEYS) return null;
  const db = await connectMongo(config.MONGO_URL, 'push_bouncer');
  const providers = configuredProviders(config, db, logger);
  const server = await startBouncerServer({
    port: config.PUSH_BOUNCER_PORT,
    host: config.BIND_HOST,
    keyring: await BouncerKeyring.load(config.PUSH_BOUNCER_KEYS),
    devices: new BouncerDevices(db),
    tokens: new BouncerTokens(db),
    providers,
    servers: config.PUSH_BOUNCER_REMOTE_SERVERS,
    logger,
  });
  return {
    async stop() {
      await server.close();
      for (const provider of Object.values(providers)) provider.close();
      await db.close();
    },
  };
}
