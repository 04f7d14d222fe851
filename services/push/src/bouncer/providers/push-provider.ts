import type { PushPayloads, TokenKind } from '@zulip-es/contracts';

/** One push to one device token. */
export interface Delivery {
  kind: TokenKind;
  token: string;
  /** The iOS app's bundle id (the APNs topic); null for FCM. */
  appId: string | null;
  payloads: PushPayloads;
}

/** `unregistered`: the provider says the token is no longer valid, so it is forgotten. */
export type DeliveryOutcome = 'sent' | 'unregistered';

/**
 * A mobile push provider (FCM, APNs, or the development provider). `send` throws when the
 * provider did not take the push (unreachable, throttled, its own error): the push is not sent,
 * and the device is kept.
 */
export interface PushProvider {
  readonly name: string;
  send(delivery: Delivery): Promise<DeliveryOutcome>;
  close(): void;
}
