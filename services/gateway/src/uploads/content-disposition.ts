/**
 * Types a browser may show in place (Zulip's `INLINE_MIME_TYPES`). Everything else is served as
 * a download: never add types such as text/html, image/svg+xml or application/xhtml+xml, which
 * would run an uploader's scripts on this site.
 */
const INLINE_MIME_TYPES: ReadonlySet<string> = new Set([
  'application/pdf',
  'audio/aac',
  'audio/flac',
  'audio/mp4',
  'audio/mpeg',
  'audio/wav',
  'audio/webm',
  'image/apng',
  'image/avif',
  'image/gif',
  'image/jpeg',
  'image/png',
  'image/webp',
  'text/plain',
  'video/mp4',
  'video/webm',
]);

/**
 * Zulip's `patch_disposition_header`: `inline` for the types above unless a download was asked,
 * else `attachment`, with the file name of the path: `filename="..."` (backslashes and quotes
 * escaped) when it is ASCII, else RFC 8187's `filename*=utf-8''<percent-encoded>`.
 */
export function contentDisposition(pathId: string, contentType: string, download: boolean): string {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const disposition = download || !INLINE_MIME_TYPES.has(type) ? 'attachment' : 'inline';
  const name = pathId.slice(pathId.lastIndexOf('/') + 1);
  const fileExpr = /^[\x00-\x7f]*$/.test(name)
    ? `filename="${name.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
    : `filename*=utf-8''${encodeURIComponent(name).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
  return `${disposition}; ${fileExpr}`;
}
