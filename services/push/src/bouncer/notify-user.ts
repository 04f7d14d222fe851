import type { BouncerNotifyReply, BouncerNotifyRequest, DeviceRef, TokenKind } from '@zulip-es/contracts';
import type { Logger } from '@zulip-es/platform';
import type { BouncerTokens } from './bouncer-tokens';
import type { PushProvider } from './providers/push-provider';

/** The provider of each kind of device; a kind without one is not pushed to. */
export type Providers = Partial<Record<TokenKind, PushProvider>>;

export interface NotifyDeps {
  tokens: BouncerTokens;
  providers: Providers;
  logger: Logger;
}

/**
 * Pushes a notification to a user's legacy tokens (the named `devices` of them, when given), each
 * through its kind's provider, side by side. A token the provider calls dead is forgotten and
 * reported; a push the provider did not take is logged and left (notifications are not queued
 * for later: a late one is worse than none).
 */
export async function notifyUser(server: string, request: BouncerNotifyRequest, deps: NotifyDeps): Promise<BouncerNotifyReply> {
  const known = await deps.tokens.activeOf(server, request.user_id);
  const named = request.devices;
  const targets = named ? known.filter((t) => named.some((d) => d.kind === t.kind && d.token === t.token)) : known;
  const unknown = named ? named.filter((d) => !known.some((t) => d.kind === t.kind && d.token === t.token)) : [];
  const sent = { fcm: 0, apns: 0 };
  const deleted: DeviceRef[] = [];
  await Promise.all(
    targets.map(async (target) => {
      const provider = deps.providers[target.kind];
      if (!provider) return;
      try {
        const outcome = await provider.send({ kind: target.kind, token: target.token, appId: target.iosAppId, payloads: request.payloads });
        if (outcome === 'sent') sent[target.kind]++;
        else deleted.push({ kind: target.kind, token: target.token });
      } catch (error) {
        deps.logger.warn({ err: error, provider: provider.name, userId: request.user_id }, 'push not sent');
      }
    }),
  );
  await deps.tokens.forget(server, request.user_id, deleted);
  return { result: 'success', sent, unknown_devices: unknown, deleted_devices: deleted };
}
