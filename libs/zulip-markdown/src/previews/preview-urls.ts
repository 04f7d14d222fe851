import { splitUrl, unsplitUrl } from '../inline/url';

/** Zulip's `IMAGE_EXTENSIONS`: a link whose path ends so is previewed as an image. */
const IMAGE_EXTENSIONS = ['.bmp', '.gif', '.jpe', '.jpeg', '.jpg', '.png', '.webp'];

/** The video containers every browser plays (Zulip previews only these), by Python's `mimetypes` extension. */
const VIDEO_EXTENSIONS = new Set(['.mp4', '.webm']);

const YOUTUBE_HOSTS = new Set(['m.youtube.com', 'www.youtube.com', 'www.youtube-nocookie.com', 'youtube.com', 'youtube-nocookie.com']);
const YOUTUBE_ID = /^[0-9A-Za-z_-]+$/u;

/** `urlsplit(url).hostname`: the netloc without credentials or port, lower-cased. */
function hostnameOf(netloc: string): string {
  const host = netloc.slice(netloc.lastIndexOf('@') + 1);
  const bracketed = /^\[([^\]]*)\]/u.exec(host);
  return (bracketed ? bracketed[1]! : host.replace(/:[^:]*$/u, '')).toLowerCase();
}

/** An external image by the extension of its path (`pasteboard.co` pages end in `.png` but are pages). */
export function hasImagePath(url: string): boolean {
  const parts = splitUrl(url);
  if (!parts || parts.netloc === 'pasteboard.co') return false;
  const path = parts.path.toLowerCase();
  return IMAGE_EXTENSIONS.some((ext) => path.endsWith(ext));
}

/**
 * Python's `mimetypes.guess_type(url)` for the two video types: the extension is taken from the
 * whole URL after its scheme, query included, so `a.mp4?x=1` is not a video there either.
 */
export function isVideoUrl(url: string): boolean {
  const withoutScheme = url.replace(/^[A-Za-z][A-Za-z0-9+.-]*:/u, '');
  const name = withoutScheme.slice(withoutScheme.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return false;
  const ext = name.slice(dot);
  return VIDEO_EXTENSIONS.has(ext) || VIDEO_EXTENSIONS.has(ext.toLowerCase());
}

/** The first value of a query parameter, as `parse_qs` gives it (blank values dropped). */
function queryValue(query: string, name: string): string | undefined {
  for (const pair of query.split(/[&;]/u)) {
    const eq = pair.indexOf('=');
    if (eq === -1) continue;
    const decode = (s: string): string => {
      try {
        return decodeURIComponent(s.replaceAll('+', ' '));
      } catch {
        return s;
      }
    };
    const value = decode(pair.slice(eq + 1));
    if (decode(pair.slice(0, eq)) === name && value !== '') return value;
  }
  return undefined;
}

/** Zulip's `youtube_id`: the video a YouTube link plays, if it is one. */
export function youtubeId(url: string): string | undefined {
  const parts = splitUrl(url);
  if (!parts || (parts.scheme !== 'http' && parts.scheme !== 'https')) return undefined;
  const host = hostnameOf(parts.netloc);
  let id: string | undefined;
  if (YOUTUBE_HOSTS.has(host)) {
    if (parts.path === '/watch' || parts.path === '/watch_popup') id = queryValue(parts.query, 'v');
    else if (parts.path === '/watch_videos') id = queryValue(parts.query, 'video_ids')?.split(',', 1)[0];
    else if (/^\/(?:embed|shorts|v)\//u.test(parts.path)) id = parts.path.split('/', 4)[2];
  } else if (host === 'youtu.be' && parts.path.startsWith('/')) {
    id = parts.path.slice(1);
  }
  return id !== undefined && YOUTUBE_ID.test(id) ? id : undefined;
}

/** Zulip's `get_actual_image_url`: a GitHub file page shows its raw file. */
export function actualImageUrl(url: string): string {
  const parts = splitUrl(url);
  if (!parts || !(parts.netloc === 'github.com' || parts.netloc.endsWith('.github.com'))) return url;
  const segments = parts.path.split('/');
  if (segments.length > 3 && segments[3] === 'blob')
    return `https://raw.githubusercontent.com${[...segments.slice(0, 3), ...segments.slice(4)].join('/')}`;
  return url;
}

/** Zulip's `corrected_image_source`: Wikipedia file pages and linx.li pages name their image elsewhere. */
export function correctedImageSource(url: string): string | undefined {
  const parts = splitUrl(url);
  if (!parts) return undefined;
  if (parts.netloc.toLowerCase().endsWith('.wikipedia.org') && parts.path.startsWith('/wiki/File:')) {
    return unsplitUrl({ ...parts, path: parts.path.replace('/wiki/File:', '/wiki/Special:FilePath/File:') });
  }
  if (parts.netloc === 'linx.li') return `https://linx.li/s${parts.path}`;
  return undefined;
}

/** The netloc of a URL ('' for a relative one). */
export const netlocOf = (url: string): string => splitUrl(url)?.netloc ?? '';
