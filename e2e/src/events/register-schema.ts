import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The `POST /register` response as Zulip's OpenAPI document describes it (feature level 420, the
 * API this server speaks), from `register-response.schema.json`: its keys, each with the fetch
 * types that bring it and its schema (see extract-register-schema.ts).
 */

export interface RegisterKey {
  /** The fetch types that must all be asked for (`["message", "update_message_flags"]`), or null where the document names none. */
  fetchTypes: string[] | null;
  schema: Schema;
}

export interface Schema {
  $ref?: string;
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: boolean | Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
}

/** Keys the document lists without saying which fetch type brings them, by where Zulip's server sends them. */
const UNLABELLED_KEYS: Record<string, string> = {
  max_reminder_note_length: 'realm',
  max_bulk_new_subscription_messages: 'realm',
};

/**
 * Properties of nested objects the document lists that Zulip sends only in some cases (paths as
 * `check` names them, or with list indexes and map keys as `*`). Every other listed property is expected:
 * the document marks few as required, yet clients read them all.
 */
const CONDITIONAL_NESTED: readonly { path: RegExp; why: string; unless?: (parent: Record<string, unknown>) => boolean }[] = [
  {
    path: /^(realm_users|realm_non_active_users|cross_realm_bots)\.\*\.(bot_type|bot_owner_id)$/,
    why: 'bots only',
    unless: (user) => user.is_bot === true,
  },
  { path: /^cross_realm_bots\.\*\.bot_owner_id$/, why: 'a system bot has no owner' },
  { path: /^cross_realm_bots\.\*\.profile_data$/, why: 'not for bots' },
  {
    path: /^(subscriptions|never_subscribed|unsubscribed|streams)\.\*\.partial_subscribers$/,
    why: 'only with include_subscribers "partial"',
  },
  { path: /^user_status\.\*\.(away|status_text|emoji_name|emoji_code|reaction_type)$/, why: 'only what the user set' },
  { path: /^realm_authentication_methods\.\*\.unavailable_reason$/, why: 'only for a method the plan does not offer' },
  { path: /^presences\..+\.aggregated\.pushable$/, why: 'not in the legacy format\'s "aggregated" entry' },
];

/** Past this depth, nested values are not checked (user dicts inside groups inside …). */
const MAX_DEPTH = 6;
/** Items checked per list: enough to meet every shape the test data makes. */
const MAX_ITEMS = 50;

interface Path {
  at: string;
  generic: string;
}

export class RegisterSchema {
  readonly properties: Record<string, Schema>;

  private readonly keys: Record<string, RegisterKey> = (
    JSON.parse(readFileSync(path.join(__dirname, 'register-response.schema.json'), 'utf8')) as { keys: Record<string, RegisterKey> }
  ).keys;

  constructor() {
    this.properties = Object.fromEntries(Object.entries(this.keys).map(([key, { schema }]) => [key, schema]));
  }

  /** The fetch types a key comes with, joined by `+` (`message+update_message_flags`), or null. */
  fetchTypeOf(key: string): string | null {
    return this.keys[key]?.fetchTypes?.join('+') ?? UNLABELLED_KEYS[key] ?? null;
  }

  /** The keys the document lists for a fetch type. */
  keysOf(fetchType: string): string[] {
    return Object.keys(this.properties).filter((key) => this.fetchTypeOf(key) === fetchType);
  }

  /** What is wrong with `value` as the document's `key`: its JSON type, and required keys of nested objects. */
  check(key: string, value: unknown): string[] {
    return this.checkValue(this.properties[key], value, { at: key, generic: key }, 0);
  }

  /** `at` names the value in messages; `generic` is the same path with list indexes and map keys as `*`. */
  private checkValue(raw: Schema, value: unknown, path: Path, depth: number): string[] {
    const { at } = path;
    const schema = this.resolve(raw);
    if (depth > MAX_DEPTH) return [];
    if (value === null) return schema.nullable || raw.nullable ? [] : [`${at}: null, not ${schema.type ?? 'a value'}`];
    const errors = (schema.allOf ?? []).flatMap((part) => this.checkValue(part, value, path, depth));
    const options = schema.oneOf ?? schema.anyOf;
    if (options && !options.some((option) => this.checkValue(option, value, path, depth).length === 0))
      errors.push(`${at}: ${JSON.stringify(value).slice(0, 80)} matches none of its forms`);
    if (schema.enum && !schema.enum.includes(value))
      errors.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
    const type = schema.type ?? (schema.properties ? 'object' : undefined);
    if (type && !hasType(value, type))
      return [...errors, `${at}: ${JSON.stringify(value).slice(0, 80)} is not ${type === 'integer' ? 'an' : 'a'} ${type}`];
    if (type === 'array' && schema.items) {
      (value as unknown[])
        .slice(0, MAX_ITEMS)
        .forEach((item, i) =>
          errors.push(...this.checkValue(schema.items!, item, { at: `${at}[${i}]`, generic: `${path.generic}.*` }, depth + 1)),
        );
    }
    if (type === 'object') errors.push(...this.checkObject(schema, value as Record<string, unknown>, path, depth));
    return errors;
  }

  private checkObject(schema: Schema, value: Record<string, unknown>, { at, generic }: Path, depth: number): string[] {
    const expected = new Set([...(schema.required ?? []), ...Object.keys(schema.properties ?? {})]);
    const conditional = (name: string) =>
      CONDITIONAL_NESTED.some(({ path, unless }) => (path.test(`${generic}.${name}`) || path.test(`${at}.${name}`)) && !unless?.(value));
    const errors = [...expected].filter((name) => !(name in value) && !conditional(name)).map((name) => `${at}.${name}: missing`);
    const extra = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
    for (const [name, item] of Object.entries(value).slice(0, MAX_ITEMS)) {
      const known = schema.properties?.[name];
      if (known) errors.push(...this.checkValue(known, item, { at: `${at}.${name}`, generic: `${generic}.${name}` }, depth + 1));
      else if (extra) errors.push(...this.checkValue(extra, item, { at: `${at}.${name}`, generic: `${generic}.*` }, depth + 1));
    }
    return errors;
  }

  /** The extract's schemas have their references inlined already. */
  resolve(schema: Schema): Schema {
    return schema;
  }
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'string':
    case 'boolean':
      return typeof value === type;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return true;
  }
}
