import { parse } from 'uri-template';

/** RFC 6570 `varname`: `varchar *( ["."] varchar )`, a varchar being ALPHA / DIGIT / "_" / pct-encoded. */
const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+(?:\.(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+)*$/;
/** RFC 6570 `max-length`: 1 to 9999. */
const MAX_PREFIX_LENGTH = 9999;

/**
 * The variable names of an RFC 6570 URL template, or null when it is not one (Zulip's
 * `uri_template.validate`). The `uri-template` parser accepts a little more than the RFC (a stray
 * `}`, `(extension)` suffixes, any prefix length, loose names), so those are refused here.
 */
export function templateVariables(template: string): Set<string> | null {
  let parts: ReturnType<typeof parse>['ast']['parts'];
  try {
    parts = parse(template).ast.parts;
  } catch {
    return null;
  }
  const names = new Set<string>();
  for (const part of parts) {
    if (part.type === 'literal') {
      if (part.value.includes('}')) return null;
      continue;
    }
    for (const variable of part.variables) {
      if (variable.extension || !VARNAME.test(variable.name)) return null;
      if (variable.modifier?.type === 'substr' && (variable.modifier.length < 1 || variable.modifier.length > MAX_PREFIX_LENGTH))
        return null;
      names.add(variable.name);
    }
  }
  return names;
}
