import type { Connection } from 'mongoose';
import type { BouncerTokenRequest, DeviceRef, TokenKind } from '@zulip-es/contracts';
import { ModelDocuments, type DocumentCollection } from '@zulip-es/platform';
import { USER_TOKENS } from './bouncer.schemas';
import { OneAtATime } from './one-at-a-time';

/** A legacy token as the bouncer last heard of it; a removed one stays, inactive, with its sequence. */
export interface TokenRecord {
  kind: TokenKind;
  token: string;
  iosAppId: string | null;
  sequence: number;
  active: boolean;
}

interface UserTokensDoc {
  _id: string;
  tokens: TokenRecord[];
}

const sameDevice = (a: DeviceRef, b: DeviceRef): boolean => a.kind === b.kind && a.token === b.token;

/**
 * The legacy tokens the bouncer knows, one document per server and user (found by `_id`, as
 * every hot lookup here is). Calls about one token are ordered by the server's sequence: an older
 * call than the last applied changes nothing, so retried or reordered jobs leave the newest state.
 */
export class BouncerTokens {
  private readonly serial = new OneAtATime();
  private readonly users: DocumentCollection<UserTokensDoc>;

  constructor(db: Connection) {
    this.users = new ModelDocuments(db).of(USER_TOKENS);
  }

  /** The user's active tokens. */
  async activeOf(server: string, userId: number): Promise<TokenRecord[]> {
    const doc = await this.users.findOne({ _id: docId(server, userId) });
    return (doc?.tokens ?? []).filter((t) => t.active);
  }

  /** Applies an add (`active`) or a removal the server sent, unless a newer call was applied. */
  async apply(server: string, request: BouncerTokenRequest, active: boolean): Promise<void> {
    const record: TokenRecord = {
      kind: request.token_kind,
      token: request.token,
      iosAppId: request.ios_app_id,
      sequence: request.sequence,
      active,
    };
    await this.update(server, request.user_id, (tokens) => {
      const known = tokens.find((t) => sameDevice(t, record));
      if (known && known.sequence >= record.sequence) return null;
      return [...tokens.filter((t) => !sameDevice(t, record)), record];
    });
  }

  /** Forgets tokens a provider said are dead (kept inactive: an older add retried cannot revive them). */
  async forget(server: string, userId: number, devices: DeviceRef[]): Promise<void> {
    if (devices.length === 0) return;
    await this.update(server, userId, (tokens) => tokens.map((t) => (devices.some((d) => sameDevice(d, t)) ? { ...t, active: false } : t)));
  }

  /** Reads, changes and writes back the user's tokens, one change of a user at a time; `change` returns null for no change. */
  private update(server: string, userId: number, change: (tokens: TokenRecord[]) => TokenRecord[] | null): Promise<void> {
    const _id = docId(server, userId);
    return this.serial.run(_id, async () => {
      const doc = await this.users.findOne({ _id });
      const tokens = change(doc?.tokens ?? []);
      if (tokens !== null) await this.users.replaceOne({ _id }, { tokens }, { upsert: true });
    });
  }
}

const docId = (server: string, userId: number): string => `${server}/${userId}`;
