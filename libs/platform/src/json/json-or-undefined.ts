/** The value of a JSON text, or undefined when it is not JSON: for input a schema checks next. */
export function jsonOrUndefined(text: string | Buffer): unknown {
  try {
    return JSON.parse(typeof text === 'string' ? text : text.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
