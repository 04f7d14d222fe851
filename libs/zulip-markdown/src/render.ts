import type { RenderContext } from './context';
import { BlockParser } from './block/block-parser';
import { listIndent, orderedList, unorderedList } from './block/lists';
import { blockQuote } from './block/quote';
import { emptyBlock, hashHeader, horizontalRule, indentedCode, paragraph } from './block/simple-blocks';
import { table } from './block/table';
import { InlineEngine } from './inline/engine';
import { inlinePatterns } from './inline/patterns';
import { indentedCodeBlockHtml, preprocessFencedBlocks } from './preprocess/fenced-blocks';
import { separateHangingLists } from './preprocess/hanging-lists';
import { normalizeWhitespace } from './preprocess/whitespace';
import { El, textOf } from './tree/element';
import { HtmlStash } from './tree/html-stash';
import { prettify } from './tree/prettify';
import { asBeautifulSoupWrites } from './tree/soup-serialize';
import { addLinkPreviews } from './previews/link-previews';
import { serializeChildren } from './tree/serialize';
import { MAX_RENDERED_LENGTH, RenderingError } from './rendering-error';

/**
 * A message's Markdown as Zulip's server renders it (zerver/lib/markdown): Python-Markdown's
 * pipeline with Zulip's processors, ported step by step, so that clients that read Zulip's HTML
 * read the same HTML here. `context` is the organization as the sender sees it; null renders
 * without mentions, channel links, linkifiers or custom emoji.
 */
export function renderMarkdown(content: string, context: RenderContext | null): string {
  if (content.trim() === '') return '';
  const stash = new HtmlStash();
  let lines = separateHangingLists(content.split('\n'));
  lines = normalizeWhitespace(lines);
  lines = preprocessFencedBlocks(lines, { stash: (html) => stash.store(html), defaultLanguage: context?.defaultCodeBlockLanguage ?? '' });
  const root = new El('div');
  blockParser().parseChunk(root, lines.join('\n'));
  highlightIndentedCode(root, stash);
  new InlineEngine(inlinePatterns(context, stash)).run(root);
  prettify(root);
  const thumbnailed = context !== null && addLinkPreviews(root, context);
  const written = stash.restore(serializeChildren(root).trim()).trim();
  const html = thumbnailed ? asBeautifulSoupWrites(written) : written;
  if (html.length > MAX_RENDERED_LENGTH) throw new RenderingError(`rendered HTML of ${html.length} characters`);
  return html;
}

function blockParser(): BlockParser {
  const parser = new BlockParser();
  parser.processors = [
    emptyBlock(),
    listIndent(parser),
    indentedCode(),
    hashHeader(parser),
    table(),
    horizontalRule(parser),
    orderedList(parser),
    unorderedList(parser),
    blockQuote(parser),
    paragraph(parser),
  ];
  return parser;
}

const unescapeCode = (text: string): string => text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

/** Python-Markdown's codehilite tree processor, for indented code. */
function highlightIndentedCode(root: El, stash: HtmlStash): void {
  for (const pre of [...root.iter('pre')]) {
    const code = pre.children[0];
    if (pre.children.length !== 1 || code?.tag !== 'code' || code.text === null) continue;
    const html = indentedCodeBlockHtml(unescapeCode(textOf(code.text)));
    pre.children.length = 0;
    pre.tag = 'p';
    pre.text = stash.store(html);
  }
}
