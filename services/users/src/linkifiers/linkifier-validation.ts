import { badRequest, type DomainError } from '@zulip-es/platform';
import { checkPattern } from './linkifier-pattern';
import { templateVariables } from './linkifier-url-template';
import type { Linkifier } from './linkifiers.state';

/** Django's `NON_FIELD_ERRORS` key: errors of the model's `clean()` and of its uniqueness check. */
const ALL = '__all__';
const BLANK = 'This field cannot be blank.';

/**
 * Zulip's `RealmFilter.full_clean()`, message for message and in its order: the fields first
 * (not blank; the URL template an RFC 6570 template), then the model (the pattern compiles; the
 * template's variables and the pattern's groups are the same set, the alphabetically first
 * mismatch reported), then uniqueness of the pattern in the organization (skipped when the
 * pattern field itself failed). Returns Django's error dict, empty when valid.
 */
export function linkifierErrors(pattern: string, urlTemplate: string, others: readonly Linkifier[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, msg: string) => (errors[field] ??= []).push(msg);
  if (pattern === '') add('pattern', BLANK);
  const variables = templateVariables(urlTemplate);
  if (urlTemplate === '') add('url_template', BLANK);
  else if (!variables) add('url_template', 'Invalid URL template.');
  const modelError = groupMismatch(pattern, variables);
  if (modelError) add(ALL, modelError);
  if (!errors.pattern && others.some((l) => l.pattern === pattern)) add(ALL, 'Realm filter with this Realm and Pattern already exists.');
  return errors;
}

function groupMismatch(pattern: string, variables: Set<string> | null): string | null {
  const compiled = checkPattern(pattern);
  if (!compiled.ok) return `Bad regular expression: ${compiled.error}`;
  if (!variables) return null;
  const missingInPattern = [...variables].filter((v) => !compiled.groups.has(v)).sort();
  if (missingInPattern.length > 0) return `Group '${missingInPattern[0]}' in URL template is not present in linkifier pattern.`;
  const missingInTemplate = [...compiled.groups].filter((g) => !variables.has(g)).sort();
  if (missingInTemplate.length > 0) return `Group '${missingInTemplate[0]}' in linkifier pattern is not present in URL template.`;
  return null;
}

/**
 * Zulip's `ValidationFailureError`: 400 BAD_REQUEST whose `msg` is the first message and whose
 * `errors` is the whole dict. Both values are stripped first, as Zulip does.
 */
export function validateLinkifier(
  rawPattern: string,
  rawUrlTemplate: string,
  others: readonly Linkifier[],
): { pattern: string; urlTemplate: string } {
  const pattern = rawPattern.trim();
  const urlTemplate = rawUrlTemplate.trim();
  const errors = linkifierErrors(pattern, urlTemplate, others);
  const messages = Object.values(errors).flat();
  if (messages.length > 0) throw validationFailure(messages[0], errors);
  return { pattern, urlTemplate };
}

const validationFailure = (msg: string, errors: Record<string, string[]>): DomainError => badRequest(msg, { errors });
