import type { LexerOptions } from './lexer-table';

/** pygments.util.get_bool_opt: lexer options may be booleans, numbers or strings such as "yes" and "off". */
export function boolOption(options: LexerOptions, name: string, fallback: boolean): boolean {
  const value = options[name];
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  const text = String(value).toLowerCase();
  if (['1', 'yes', 'true', 'on'].includes(text)) return true;
  if (['0', 'no', 'false', 'off'].includes(text)) return false;
  throw new Error(`invalid value for option ${name}`);
}
