/**
 * Zulip's `sanitize_name` (zerver/lib/upload): the last segment of an upload's URL. Unicode
 * letters and digits stay (NFKC-normalised), as do `_`, `.` and `-`; everything else goes (so
 * no `/` for a path to climb out with, and no brackets to break the Markdown link), runs of
 * spaces and dashes become one dash, and a name left empty, `.` or `..` becomes `uploaded-file`.
 */
export function sanitizeFileName(name: string): string {
  const kept = name
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}_\s.-]/gu, '')
    .trim()
    .replace(/[-\s]+/g, '-');
  return kept === '' || kept === '.' || kept === '..' ? 'uploaded-file' : kept;
}

/**
 * The name Zulip records for an upload: the client's file name, URL-decoded (Python's
 * `unquote`: a malformed escape is left as it is).
 */
export function uploadedFileName(name: string): string {
  return name.replace(/(?:%[0-9A-Fa-f]{2})+/g, (escapes) => {
    try {
      return decodeURIComponent(escapes);
    } catch {
      return escapes;
    }
  });
}
