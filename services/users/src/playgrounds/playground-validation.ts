import { badRequest } from '@zulip-es/platform';
import { templateVariables } from '../linkifiers/linkifier-url-template';
import type { Playground } from './playgrounds.state';

const BLANK = 'This field cannot be blank.';
const INVALID_LANGUAGE = 'Invalid characters in pygments language';
/** Zulip's `check_pygments_language`, on the value as sent (`+-.` is a range there too: `+ , - .`). */
const SENT_LANGUAGE = /^[ a-zA-Z0-9_+-./#]*$/u;
/** The language as a fenced code block names it (Zulip's `FENCED_CODE_LANGUAGE_REGEX`), after stripping. */
const STORED_LANGUAGE = /^[a-zA-Z0-9_+-./#]+$/u;

/**
 * Zulip's `add_realm_playground`: the sent language's characters, then `RealmPlayground.full_clean()`
 * on the stripped values, in Django's order: fields (URL template, name, language), the model's
 * `clean()` (`code` the template's only variable), then uniqueness of language and name. A
 * failure is Zulip's `ValidationFailureError`: the first message, and every one under `errors`.
 */
export function validatePlayground(
  sent: { name: string; pygments_language: string; url_template: string },
  others: readonly Playground[],
): Omit<Playground, 'id'> {
  if (!SENT_LANGUAGE.test(sent.pygments_language)) throw badRequest(INVALID_LANGUAGE);
  const name = sent.name.trim();
  const pygmentsLanguage = sent.pygments_language.trim();
  const urlTemplate = sent.url_template.trim();
  const errors: Record<string, string[]> = {};
  const add = (field: string, msg: string) => (errors[field] ??= []).push(msg);
  const variables = templateVariables(urlTemplate);
  if (urlTemplate === '') add('url_template', BLANK);
  else if (!variables) add('url_template', 'Invalid URL template.');
  if (name === '') add('name', BLANK);
  if (pygmentsLanguage === '') add('pygments_language', BLANK);
  else if (!STORED_LANGUAGE.test(pygmentsLanguage)) add('pygments_language', INVALID_LANGUAGE);
  if (urlTemplate !== '' && variables) {
    if (!variables.has('code')) add('__all__', 'Missing the required variable "code" in the URL template');
    else if (variables.size !== 1) add('__all__', '"code" should be the only variable present in the URL template');
  }
  if (!errors.name && !errors.pygments_language && others.some((p) => p.pygmentsLanguage === pygmentsLanguage && p.name === name)) {
    add('__all__', 'Realm playground with this Realm, Pygments language and Name already exists.');
  }
  const messages = Object.values(errors).flat();
  if (messages.length > 0) throw badRequest(messages[0]!, { errors });
  return { name, pygmentsLanguage, urlTemplate };
}
