import { readFileSync } from 'node:fs';
import type { Connection } from 'mongoose';
import type { Logger } from '@zulip-es/platform';
import type { PushConfig } from '../../config';
import type { Providers } from '../notify-user';
import { ApnsProvider } from './apns-provider';
import { DevelopmentProvider } from './dev-provider';
import { FcmProvider, ServiceAccount } from './fcm-provider';

/** The bouncer's provider for each kind of device, as configured; the development one where asked. */
export function configuredProviders(config: PushConfig, db: Connection, logger: Logger): Providers {
  const providers: Providers = {};
  if (config.PUSH_FCM_CREDENTIALS_FILE) {
    const serviceAccount = ServiceAccount.parse(JSON.parse(readFileSync(config.PUSH_FCM_CREDENTIALS_FILE, 'utf8')));
    providers.fcm = new FcmProvider({ url: config.PUSH_FCM_URL, serviceAccount });
  }
  if (config.PUSH_APNS_KEY_FILE) {
    if (!config.PUSH_APNS_KEY_ID || !config.PUSH_APNS_TEAM_ID)
      throw new Error('PUSH_APNS_KEY_FILE needs PUSH_APNS_KEY_ID and PUSH_APNS_TEAM_ID');
    providers.apns = new ApnsProvider({
      url: config.PUSH_APNS_URL,
      keyPem: readFileSync(config.PUSH_APNS_KEY_FILE, 'utf8'),
      keyId: config.PUSH_APNS_KEY_ID,
      teamId: config.PUSH_APNS_TEAM_ID,
    });
  }
  for (const kind of ['fcm', 'apns'] as const) {
    if (!providers[kind] && config.PUSH_DEV_DELIVERIES) providers[kind] = new DevelopmentProvider(db, logger);
  }
  logger.info({ fcm: providers.fcm?.name ?? 'none', apns: providers.apns?.name ?? 'none' }, 'push providers');
  return providers;
}
