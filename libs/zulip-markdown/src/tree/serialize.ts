import { El, textOf } from './element';

/** HTML's void elements, written without a closing tag. */
const VOID = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'link',
  'meta',
  'param',
  'embed',
  'source',
  'track',
  'wbr',
]);

/** An `&` that does not start an entity is escaped; entities pass as written (Python-Markdown's serializer). */
const LONE_AMP = /&(?!(?:#[0-9]+|#x[0-9a-f]+|[0-9a-z]+);)/gi;

export const escapeText = (text: string): string => text.replace(LONE_AMP, '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const escapeAttribute = (text: string): string => escapeText(text).replaceAll('"', '&quot;');

/** Python-Markdown's `to_html_string`: attributes in lexical order, void elements unclosed. */
export function serialize(el: El): string {
  const out: string[] = [];
  write(el, out);
  return out.join('');
}

function write(el: El, out: string[]): void {
  out.push('<', el.tag);
  for (const key of [...el.attrs.keys()].sort()) out.push(' ', key, '="', escapeAttribute(el.attrs.get(key)!), '"');
  out.push('>');
  if (el.text !== null) out.push(escapeText(textOf(el.text)));
  for (const child of el.children) write(child, out);
  if (!VOID.has(el.tag)) out.push('</', el.tag, '>');
  if (el.tail !== null) out.push(escapeText(textOf(el.tail)));
}

/** The root's content without the root's own tags (Python-Markdown's `div` document root). */
export function serializeChildren(root: El): string {
  const out: string[] = [];
  if (root.text !== null) out.push(escapeText(textOf(root.text)));
  for (const child of root.children) write(child, out);
  return out.join('');
}
