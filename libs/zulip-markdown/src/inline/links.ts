import { AtomicString, El } from '../tree/element';
import type { RenderContext } from '../context';
import type { InlinePattern } from './engine';
import { wholeText } from './formatting';
import { compileLinkifier } from './linear-regex';
import { expandUrlTemplate, parseLink, rewriteLocalLinksToRelative, sanitizeUrl, WEB_LINK_PATTERN } from './url';

/** Zulip's `url_to_a`: a link to a safe URL, relative when it points into the organization. */
function urlToLink(context: RenderContext | null, url: string, text: string = url): El | null {
  const href = sanitizeUrl(url);
  if (href === null) return null;
  return El.of('a', { href: context ? rewriteLocalLinksToRelative(context.realmUrl, href) : href }, new AtomicString(text));
}

/**
 * `[text](url "title")`: Python-Markdown's link parsing, then Zulip's changes: the URL must be
 * safe, links into the organization become relative, an empty text shows the URL, and the text
 * is not formatted further.
 */
export function markdownLink(context: RenderContext | null): InlinePattern {
  return {
    kind: 'search',
    regex: /(?<!!)\[/gu,
    handle(m, data) {
      const link = parseLink(data, m.index);
      if (!link) return null;
      const href = sanitizeUrl(link.href.trim());
      if (href === null) return null;
      const relative = context ? rewriteLocalLinksToRelative(context.realmUrl, href) : href;
      const text = link.text.trim() === '' ? relative : link.text;
      const el = El.of('a', { href: relative }, new AtomicString(text));
      if (link.title !== null) el.attrs.set('title', link.title);
      return { node: el, start: m.index, end: link.end };
    },
  };
}

/** Bare URLs and addresses become links (Zulip's AutoLink). */
export function autoLink(context: RenderContext | null): InlinePattern {
  return {
    kind: 'whole',
    regex: wholeText(WEB_LINK_PATTERN),
    handle(m) {
      const url = m.groups!.url!;
      return urlToLink(context, url) ?? url;
    },
  };
}

/**
 * One linkifier: its pattern where it starts the text or follows whitespace or an opening
 * delimiter, and is not followed by a letter or digit; the URL from its template.
 */
/** Zulip's `prepare_linkifier_pattern`: where a linkifier may match, in RE2 syntax. */
export const linkifierSource = (pattern: string): string =>
  `(?P<linkifier_before_match>^|\\s|\u0085|\\pZ|['"\\(,:<])(?P<linkifier_actual_match>${pattern})(?P<linkifier_after_match>$|[^\\pL\\pN])`;

export function linkifier(context: RenderContext, pattern: string, urlTemplate: string): InlinePattern | null {
  const source = linkifierSource(pattern);
  const regex = compileLinkifier(source);
  if (!regex) return null;
  return {
    kind: 'search',
    regex,
    handle(m) {
      const {
        linkifier_before_match: before,
        linkifier_actual_match: matched,
        linkifier_after_match: _after,
        ...values
      } = m.groups as Record<string, string | undefined>;
      const link = urlToLink(context, expandUrlTemplate(urlTemplate, values), matched!);
      if (!link) return null;
      const start = m.index + before!.length;
      return { node: link, start, end: start + matched!.length };
    },
  };
}
