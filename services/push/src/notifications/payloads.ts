import type { PushPayloads } from '@zulip-es/contracts';
import type { Organization } from '../organization/organization.read-model';

/** What every notification carries about its organization and recipient (Zulip's `get_base_payload`). */
export const basePayload = (organization: Organization, userId: number) => ({
  server: organization.host,
  realm_id: organization.realmId,
  realm_name: organization.name,
  realm_uri: organization.url,
  realm_url: organization.url,
  user_id: userId,
});

/** FCM data messages take string values only: others travel as JSON. */
export const fcmData = (payload: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(payload).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]));

/** E19's notification, as Zulip words it (event `test`). */
export function testPayloads(organization: Organization, userId: number, now: Date): PushPayloads {
  const zulip = { ...basePayload(organization, userId), event: 'test' };
  return {
    apns: {
      aps: { alert: { title: 'Test notification', body: `This is a test notification from ${organization.name} (${organization.url}).` }, sound: 'default' },
      zulip,
    },
    fcm: fcmData({ ...zulip, time: Math.floor(now.getTime() / 1000) }),
  };
}
