/**
 * Python's `json.dumps` with its defaults (`, ` and `: ` separators, non-ASCII escaped): Zulip
 * stores a widget's first submessage so, and clients compare what they read with nothing but
 * their JSON parser; the same text keeps stored submessages byte-identical with Zulip's.
 */
export function pythonJsonDumps(value: unknown): string {
  if (typeof value === 'string')
    return JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${pythonJsonDumps(k)}: ${pythonJsonDumps(v)}`)
      .join(', ')}}`;
  }
  return JSON.stringify(value);
}
