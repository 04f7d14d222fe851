import { ProfileFieldType, type CustomProfileFieldDefinition, type ProfileFieldValue } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import type { UserState } from '../domain/user.state';
import { renderMarkdown } from './render-markdown';

/** Zulip's `check_short_string` and `check_long_string` caps. */
const SHORT_TEXT_MAX = 50;
const LONG_TEXT_MAX = 500;

export type RawProfileValue = string | number[];

/**
 * Zulip's per-type validators (CustomProfileField.FIELD_VALIDATORS), named by the field's label
 * in their messages. Returns the value as stored: text, or a person picker's ids as a JSON list.
 */
export function checkProfileValue(
  field: CustomProfileFieldDefinition,
  raw: RawProfileValue,
  users: ReadonlyMap<number, UserState>,
): ProfileFieldValue {
  const name = field.name;
  switch (field.type) {
    case ProfileFieldType.SHORT_TEXT:
      return rendered(cappedString(name, raw, SHORT_TEXT_MAX));
    case ProfileFieldType.LONG_TEXT:
      return rendered(cappedString(name, raw, LONG_TEXT_MAX));
    case ProfileFieldType.EXTERNAL_ACCOUNT:
    case ProfileFieldType.PRONOUNS:
      return { value: cappedString(name, raw, SHORT_TEXT_MAX) };
    case ProfileFieldType.DATE:
      return { value: checkDate(name, raw) };
    case ProfileFieldType.URL:
      return { value: checkUrl(name, string(name, raw)) };
    case ProfileFieldType.SELECT: {
      const choice = string(name, raw);
      if (!(choice in (JSON.parse(field.fieldData || '{}') as Record<string, unknown>))) {
        throw badRequest(`'${choice}' is not a valid choice for '${name}'.`);
      }
      return { value: choice };
    }
    case ProfileFieldType.USER:
      return { value: JSON.stringify(checkUserIds(raw, users)) };
    default: {
      const unexpected: never = field.type;
      throw new Error(`unknown profile field type ${String(unexpected)}`);
    }
  }
}

/** Zulip's `check_url` (Django's URLValidator): http(s) or ftp(s), a host with a dot, no spaces. */
export function checkUrl(varName: string, value: string): string {
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  const hostOk = url !== null && (url.hostname.includes('.') || url.hostname === 'localhost');
  if (!url || !['http:', 'https:', 'ftp:', 'ftps:'].includes(url.protocol) || !hostOk || /\s/.test(value)) {
    throw badRequest(`${varName} is not a URL`);
  }
  return value;
}

const rendered = (value: string): ProfileFieldValue => ({ value, renderedValue: renderMarkdown(value) });

function string(varName: string, raw: RawProfileValue): string {
  if (typeof raw !== 'string') throw badRequest(`${varName} is not a string`);
  return raw;
}

function cappedString(varName: string, raw: RawProfileValue, max: number): string {
  const value = string(varName, raw);
  if ([...value].length > max) throw badRequest(`${varName} is too long (limit: ${max} characters)`);
  return value;
}

/** Zulip's `check_date`: an ISO date, exactly as `date.isoformat()` writes it back. */
function checkDate(varName: string, raw: RawProfileValue): string {
  const value = string(varName, raw);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!date || date.toISOString().slice(0, 10) !== value) throw badRequest(`${varName} is not a date`);
  return value;
}

/** Zulip's `check_valid_user_ids`: existing, active, human users of the organization. */
function checkUserIds(raw: RawProfileValue, users: ReadonlyMap<number, UserState>): number[] {
  if (!Array.isArray(raw)) throw badRequest('User IDs is not a list');
  const unknown = raw.filter((id) => !users.has(id));
  if (unknown.length > 0) throw badRequest(`Invalid user IDs: ${unknown.join(', ')}`);
  for (const id of raw) {
    const user = users.get(id)!;
    if (!user.isActive) throw badRequest(`User with ID ${id} is deactivated`);
    if (user.isBot) throw badRequest(`User with ID ${id} is a bot`);
  }
  return raw;
}
