import { lastString } from '../params/parse-params';

/** Zulip's `Client.name` column holds 30 characters. */
const MAX_CLIENT_NAME = 30;

/** Zulip's `parse_user_agent` (zerver/lib/user_agent.py): the product name before the version. */
const USER_AGENT = /^(?<name>[^/ ]*[^0-9/(]*)(\/(?<version>[^/ ]*))?([ /].*)?$/;

/**
 * The name of the client a request came from, as Zulip's `parse_client` finds it: a `client`
 * parameter (query string first, then body), else the product named by the User-Agent header
 * (`ZulipMobile/27.1 (Android 10)` → `ZulipMobile`), else `Unspecified`. Messages record it.
 */
export function clientName(sources: { query: unknown; body: unknown; userAgent: string | undefined }): string {
  const named = stringParam(sources.query, 'client') ?? stringParam(sources.body, 'client');
  if (named !== undefined) return named.slice(0, MAX_CLIENT_NAME);
  const name = sources.userAgent ? USER_AGENT.exec(sources.userAgent)?.groups?.name : undefined;
  return name ? name.slice(0, MAX_CLIENT_NAME) : 'Unspecified';
}

function stringParam(source: unknown, name: string): string | undefined {
  return typeof source === 'object' && source !== null ? lastString((source as Record<string, unknown>)[name]) : undefined;
}
