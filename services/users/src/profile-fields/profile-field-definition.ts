import {
  MAX_PROFILE_SUMMARY_FIELDS,
  PROFILE_FIELD_HINT_MAX_LENGTH,
  PROFILE_FIELD_NAME_MAX_LENGTH,
  ProfileFieldType,
  type CustomProfileFieldDefinition,
} from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import { checkUrl } from './profile-field-value';

/**
 * Zulip's default external account subtypes (zerver/lib/external_accounts.py): a field of one of
 * these takes its label and hint from here.
 */
export const DEFAULT_EXTERNAL_ACCOUNTS: Readonly<Record<string, { text: string; name: string; hint: string; url_pattern: string }>> = {
  twitter: { text: 'Twitter', name: 'Twitter username', hint: '', url_pattern: 'https://twitter.com/%(username)s' },
  github: { text: 'GitHub', name: 'GitHub username', hint: '', url_pattern: 'https://github.com/%(username)s' },
};

/** The `custom_profile_field_types` of `POST /register`: keyword → id and display name. */
export const PROFILE_FIELD_TYPES: Readonly<Record<string, { id: number; name: string }>> = {
  SHORT_TEXT: { id: ProfileFieldType.SHORT_TEXT, name: 'Text (short)' },
  LONG_TEXT: { id: ProfileFieldType.LONG_TEXT, name: 'Text (long)' },
  SELECT: { id: ProfileFieldType.SELECT, name: 'List of options' },
  DATE: { id: ProfileFieldType.DATE, name: 'Date' },
  URL: { id: ProfileFieldType.URL, name: 'Link' },
  USER: { id: ProfileFieldType.USER, name: 'Users' },
  EXTERNAL_ACCOUNT: { id: ProfileFieldType.EXTERNAL_ACCOUNT, name: 'External account' },
  PRONOUNS: { id: ProfileFieldType.PRONOUNS, name: 'Pronouns' },
};

export type FieldData = Record<string, unknown>;

/** Zulip's `check_profile_field_data`: every value a string or a dict of strings. */
export function checkFieldDataShape(fieldData: FieldData): void {
  for (const value of Object.values(fieldData)) {
    const isString = typeof value === 'string';
    const isStringDict = isPlainObject(value) && Object.values(value).every((v) => typeof v === 'string');
    if (!isString && !isStringDict) throw badRequest('field_data contains a value that is not an allowed_type');
  }
}

/** True for an external account field of a default subtype (GitHub, Twitter): its label is not the admin's. */
export const isDefaultExternalField = (type: number, fieldData: FieldData): boolean =>
  type === ProfileFieldType.EXTERNAL_ACCOUNT && fieldData.subtype !== 'custom';

/**
 * Zulip's `validate_custom_profile_field`, in its order: field data, then (unless a default
 * external account) label and hint, then the type, then whether the type may show in the summary.
 */
export function checkFieldDefinition(args: {
  name: string;
  hint: string;
  type: number;
  fieldData: FieldData;
  displayInProfileSummary: boolean;
}): void {
  const { name, hint, type, fieldData, displayInProfileSummary } = args;
  if (type === ProfileFieldType.SELECT) checkSelectFieldData(fieldData);
  else if (type === ProfileFieldType.EXTERNAL_ACCOUNT) checkExternalAccountFieldData(fieldData);
  if (!isDefaultExternalField(type, fieldData)) {
    if (!name.trim()) throw badRequest('Label cannot be blank.');
    if (hint.length > PROFILE_FIELD_HINT_MAX_LENGTH)
      throw badRequest(`hint is too long (limit: ${PROFILE_FIELD_HINT_MAX_LENGTH} characters)`);
    if (name.length > PROFILE_FIELD_NAME_MAX_LENGTH)
      throw badRequest(`name is too long (limit: ${PROFILE_FIELD_NAME_MAX_LENGTH} characters)`);
  }
  if (!Object.values(ProfileFieldType).includes(type as ProfileFieldType)) throw badRequest('Invalid field type.');
  if (displayInProfileSummary && (type === ProfileFieldType.LONG_TEXT || type === ProfileFieldType.USER)) {
    throw badRequest('Field type not supported for display in profile summary.');
  }
}

/** At most two fields show in the profile summary; `except` is the field being edited. */
export function checkSummaryLimit(fields: readonly CustomProfileFieldDefinition[], except?: number): void {
  if (fields.filter((f) => f.displayInProfileSummary && f.id !== except).length >= MAX_PROFILE_SUMMARY_FIELDS) {
    throw badRequest(`Only ${MAX_PROFILE_SUMMARY_FIELDS} custom profile fields can be displayed in the profile summary.`);
  }
}

/** Labels are unique in the organization (Zulip's unique constraint on realm and name). */
export function checkLabelFree(fields: readonly CustomProfileFieldDefinition[], name: string, except?: number): void {
  if (fields.some((f) => f.name === name && f.id !== except)) throw badRequest('A field with that label already exists.');
}

/** Zulip stores `field_data` as compact JSON for the two types that have any, else "". */
export const storedFieldData = (type: number, fieldData: FieldData): string =>
  type === ProfileFieldType.SELECT || type === ProfileFieldType.EXTERNAL_ACCOUNT ? JSON.stringify(fieldData) : '';

function checkSelectFieldData(fieldData: FieldData): void {
  if (Object.keys(fieldData).length < 1) throw badRequest('Field must have at least one choice.');
  const texts = new Set<string>();
  for (const [key, choice] of Object.entries(fieldData)) {
    if (!key.trim()) throw badRequest("'value' cannot be blank.");
    const checked = checkDictOnly('field_data', choice, ['text', 'order'], [], (name, value) =>
      requiredString(`field_data["${name}"]`, value),
    );
    texts.add(checked.text as string);
  }
  if (texts.size !== Object.keys(fieldData).length) throw badRequest('Field must not have duplicate choices.');
}

function checkExternalAccountFieldData(fieldData: FieldData): void {
  checkDictOnly('field_data', fieldData, ['subtype'], ['url_pattern'], (key, value) => {
    if (key === 'subtype') requiredString('field_data["subtype"]', value);
    else checkUrlPattern('field_data["url_pattern"]', value);
  });
  const subtype = fieldData.subtype as string;
  if (!(subtype in DEFAULT_EXTERNAL_ACCOUNTS)) {
    if (subtype !== 'custom') throw badRequest('Invalid external account type');
    if (!('url_pattern' in fieldData)) throw badRequest('Custom external account must define URL pattern');
  }
}

/** Zulip's `check_dict_only`: required keys, then optional ones, then no others. */
function checkDictOnly(
  varName: string,
  value: unknown,
  required: string[],
  optional: string[],
  check: (key: string, value: unknown) => void = () => undefined,
): Record<string, unknown> {
  if (!isPlainObject(value)) throw badRequest(`${varName} is not a dict`);
  for (const key of required) {
    if (!(key in value)) throw badRequest(`${key} key is missing from ${varName}`);
    check(key, value[key]);
  }
  for (const key of optional) if (key in value) check(key, value[key]);
  const unexpected = Object.keys(value).filter((k) => !required.includes(k) && !optional.includes(k));
  if (unexpected.length > 0) throw badRequest(`Unexpected arguments: ${unexpected.join(', ')}`);
  return value;
}

function requiredString(varName: string, value: unknown): void {
  if (typeof value !== 'string') throw badRequest(`${varName} is not a string`);
  if (!value.trim()) throw badRequest(`${varName} cannot be blank.`);
}

function checkUrlPattern(varName: string, value: unknown): void {
  if (typeof value !== 'string') throw badRequest(`${varName} is not a string`);
  if (value.split('%(username)s').length !== 2) throw badRequest("URL pattern must contain '%(username)s'.");
  checkUrl(varName, value.replace('%(username)s', 'username'));
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
