import type { RenderContext, UploadedImagePreview } from '../context';
import { El, textOf } from '../tree/element';
import { actualImageUrl, correctedImageSource, hasImagePath, isVideoUrl, netlocOf, youtubeId } from './preview-urls';

/** Zulip's `INLINE_PREVIEW_LIMIT_PER_MESSAGE`: a message linking more URLs than this gets no previews at all. */
const PREVIEW_LIMIT = 24;
const UPLOADS_PREFIX = '/user_uploads/';

/** A link as Zulip's `walk_tree_with_family` finds it. */
interface FoundLink {
  url: string;
  text: string | null;
  link: El;
  parent: El;
  grandparent: El | undefined;
  inBlockquote: boolean;
}

/** Every `<a>` of the tree, breadth first, with its parent, grandparent and whether a quote holds it. */
function findLinks(root: El): FoundLink[] {
  const found: FoundLink[] = [];
  const queue: { el: El; parent: El | undefined; inBlockquote: boolean }[] = [{ el: root, parent: undefined, inBlockquote: false }];
  for (let i = 0; i < queue.length; i++) {
    const { el, parent, inBlockquote } = queue[i]!;
    const childrenQuoted = inBlockquote || el.tag === 'blockquote';
    for (const child of el.children) {
      queue.push({ el: child, parent: el, inBlockquote: childrenQuoted });
      if (child.tag === 'a')
        found.push({
          url: child.attrs.get('href') ?? '',
          text: child.text === null ? null : textOf(child.text),
          link: child,
          parent: el,
          grandparent: parent,
          inBlockquote: childrenQuoted,
        });
    }
  }
  return found;
}

interface Placement {
  parent: El;
  title: string | undefined;
  index: number | undefined;
  remove: El | undefined;
}

/** Zulip's `get_inlining_information`: where a link's preview goes, and whether the bare link goes away. */
function placementOf(root: El, found: FoundLink): Placement {
  const urlIsText = found.text === null || found.url === found.text;
  const placement: Placement = {
    parent: root,
    title: urlIsText ? undefined : (found.text ?? undefined),
    index: undefined,
    remove: undefined,
  };
  const { parent, grandparent, link } = found;
  if (parent.tag === 'li') {
    placement.parent = parent;
    if (!textOf(parent.text) && !textOf(link.tail) && urlIsText) placement.remove = link;
  } else if (parent.tag === 'p' && grandparent) {
    placement.parent = grandparent;
    const bare = parent.children.length === 1 && (!textOf(parent.text) || parent.text === '\n') && !textOf(link.tail) && urlIsText;
    if (bare) placement.remove = parent;
    const index = grandparent.children.indexOf(parent);
    if (index !== -1) placement.index = insertionIndexAfter(grandparent, parent, index);
  }
  return placement;
}

/** Zulip's `find_proper_insertion_index`: after the previews already added for the same paragraph, so they keep its order. */
function insertionIndexAfter(grandparent: El, parent: El, parentIndex: number): number {
  const parentLinks = new Set([...parent.iter('a')].map((a) => a.attrs.get('href')));
  for (let index = parentIndex + 1; ; index++) {
    const uncle = grandparent.children[index];
    if (!uncle || uncle.tag !== 'div') return index;
    const classes = (uncle.attrs.get('class') ?? '').split(/\s+/u);
    if (!classes.includes('message_inline_image') && !classes.includes('inline-preview-twitter')) return index;
    if (!parentLinks.has(uncle.children.find((c) => c.tag === 'a')?.attrs.get('href'))) return index;
  }
}

function place(placement: Placement, div: El): void {
  if (placement.index === undefined) placement.parent.append(div);
  else placement.parent.insert(placement.index, div);
}

function removePlaced(placement: Placement): void {
  if (!placement.remove) return;
  const at = placement.parent.children.indexOf(placement.remove);
  if (at !== -1) placement.parent.children.splice(at, 1);
}

/** An uploaded image as it shows once thumbnailed (Zulip writes a spinner, then its thumbnail rewrite replaces it). */
function uploadedImageElement(preview: UploadedImagePreview): El {
  const img = El.of('img', {
    'data-original-content-type': preview.contentType,
    'data-original-dimensions': `${preview.width}x${preview.height}`,
    src: preview.thumbnailUrl,
  });
  if (preview.animated) img.attrs.set('data-animated', 'true');
  if (preview.transcodedImage !== undefined) img.attrs.set('data-transcoded-image', preview.transcodedImage);
  return img;
}

/** Zulip's `add_a`: `<div class="…"><a href title data-id><img></a></div>`. */
function previewDiv(className: string, link: string, title: string | undefined, img: El, dataId?: string): El {
  const a = El.of('a', { href: link });
  if (title !== undefined) a.attrs.set('title', title);
  if (dataId !== undefined) a.attrs.set('data-id', dataId);
  a.append(img);
  const div = El.of('div', { class: className });
  div.append(a);
  return div;
}

/**
 * Zulip's `InlineInterestingLinkProcessor`, after prettifying (so previews get no newlines): each
 * distinct link outside quotes that is a video, an image (an uploaded one its thumbnail) or a
 * YouTube video gets a preview after its paragraph or list item; a paragraph holding only the
 * bare link is replaced by the preview. Previews that need the network (website embeds,
 * Dropbox, tweets) are not made, as in a Zulip server without them. Answers whether an uploaded
 * image got its thumbnail (Zulip then writes the whole message again).
 */
export function addLinkPreviews(root: El, context: RenderContext): boolean {
  if (!context.imagePreviews) return false;
  const found = findLinks(root);
  const previewable = new Set(found.filter((f) => !f.inBlockquote).map((f) => f.url));
  if (found.length === 0 || previewable.size > PREVIEW_LIMIT) return false;
  const realmHost = netlocOf(context.realmUrl);
  const done = new Set<string>();
  let thumbnailed = false;
  for (const link of found) {
    if (!previewable.has(link.url) || done.has(link.url)) continue;
    done.add(link.url);
    thumbnailed = previewLink(root, link, context, realmHost) || thumbnailed;
  }
  return thumbnailed;
}

/** Adds the link's preview, if it gets one; true when it is an uploaded image's thumbnail. */
function previewLink(root: El, found: FoundLink, context: RenderContext, realmHost: string): boolean {
  const { url } = found;
  if (isVideoUrl(url)) {
    const placement = placementOf(root, found);
    const video = El.of('video', { preload: 'metadata', src: url });
    place(placement, previewDiv('message_inline_image message_inline_video', url, placement.title || undefined, video));
    removePlaced(placement);
    return false;
  }
  const upload = url.startsWith(UPLOADS_PREFIX) ? context.uploadedImage?.(url.slice(UPLOADS_PREFIX.length)) : undefined;
  if (upload || (!url.startsWith(UPLOADS_PREFIX) && hasImagePath(url))) {
    const corrected = upload ? undefined : correctedImageSource(url);
    const target = corrected === undefined ? found : { ...found, url: corrected, text: corrected };
    const placement = placementOf(root, target);
    const img = upload ? uploadedImageElement(upload) : El.of('img', { src: actualImageUrl(target.url) });
    place(placement, previewDiv('message_inline_image', target.url, placement.title, img));
    removePlaced(placement);
    return upload !== undefined;
  }
  const netloc = netlocOf(url);
  if (netloc === '' || netloc === realmHost) return false;
  const id = youtubeId(url);
  if (id === undefined) return false;
  const placement = placementOf(root, found);
  place(
    placement,
    previewDiv(
      'youtube-video message_inline_image',
      url,
      undefined,
      El.of('img', { src: `https://i.ytimg.com/vi/${id}/mqdefault.jpg` }),
      id,
    ),
  );
  return false;
}
