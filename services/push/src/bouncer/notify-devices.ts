import type { BouncerE2eeNotifyReply, BouncerE2eeNotifyRequest, PushPayloads } from '@zulip-es/contracts';
import type { Logger } from '@zulip-es/platform';
import type { BouncerDevices } from './bouncer-devices';
import type { Providers } from './notify-user';

export interface NotifyDevicesDeps {
  devices: BouncerDevices;
  providers: Providers;
  logger: Logger;
}

/**
 * What an end-to-end encrypted device is pushed (Zulip's E2EE payloads): its account and the
 * server's sealed payload; APNs shows a placeholder alert the app replaces once it decrypts.
 */
const sealedPayloads = (pushAccountId: number, encryptedData: string): PushPayloads => ({
  apns: {
    aps: { alert: { title: 'New notification' }, 'mutable-content': 1, sound: 'default' },
    push_account_id: pushAccountId,
    encrypted_data: encryptedData,
  },
  fcm: { push_account_id: String(pushAccountId), encrypted_data: encryptedData },
});

/**
 * Pushes the server's encrypted payloads to its E11 devices, side by side. A device the provider
 * calls dead is forgotten and reported; a push the provider did not take is logged and left.
 */
export async function notifyDevices(
  server: string,
  request: BouncerE2eeNotifyRequest,
  deps: NotifyDevicesDeps,
): Promise<BouncerE2eeNotifyReply> {
  const sent = { fcm: 0, apns: 0 };
  const unknown: number[] = [];
  const deleted: number[] = [];
  await Promise.all(
    request.devices.map(async ({ device_id, encrypted_data }) => {
      const device = await deps.devices.ofServer(server, device_id);
      if (!device) {
        unknown.push(device_id);
        return;
      }
      const provider = deps.providers[device.tokenKind];
      if (!provider) return;
      try {
        const outcome = await provider.send({
          kind: device.tokenKind,
          token: device.token,
          appId: device.iosAppId,
          payloads: sealedPayloads(device.pushAccountId, encrypted_data),
        });
        if (outcome === 'sent') sent[device.tokenKind]++;
        else {
          await deps.devices.forget(device_id);
          deleted.push(device_id);
        }
      } catch (error) {
        deps.logger.warn({ err: error, provider: provider.name, deviceId: device_id }, 'push not sent');
      }
    }),
  );
  return { result: 'success', sent, unknown_device_ids: unknown, deleted_device_ids: deleted };
}
