import { MENTION_SOURCE, GROUP_MENTION_SOURCE } from '../inline/mention-syntax';
import { type BlockParser, type BlockProcessor } from './block-parser';

/** A `>` line; a quote made only of empty `>` lines to the block's end is no quote (Zulip's regex). */
const QUOTE = /(^|\n)(?!(?:[ ]{0,3}>\s*(?:$|\n))*(?:$|\n))[ ]{0,3}>[ ]?(.*)/u;
const QUOTE_LINE = /^[ ]{0,3}>[ ]?(.*)/u;
const MENTION = new RegExp(MENTION_SOURCE, 'gu');
const GROUP_MENTION = new RegExp(GROUP_MENTION_SOURCE, 'gu');

/**
 * Zulip's BlockQuoteProcessor: every block is a quote of its own (two quotes apart stay apart,
 * as in CommonMark), and mentions quoted are silent, so quoting a message notifies no one again.
 */
export function blockQuote(parser: BlockParser): BlockProcessor {
  return {
    test: (_parent, block) => QUOTE.test(block) && !parser.nearingLimit,
    run(parent, blocks) {
      let block = blocks.shift()!;
      const m = QUOTE.exec(block);
      if (m) {
        parser.parseBlocks(parent, [block.slice(0, m.index)]);
        block = block.slice(m.index).split('\n').map(clean).join('\n');
      }
      const quote = parent.sub('blockquote');
      parser.state.push('blockquote');
      parser.parseChunk(quote, block);
      parser.state.pop();
    },
  };
}

function clean(line: string): string {
  const silenced = line
    .replace(MENTION, (...args) => `@_**${(args.at(-1) as Record<string, string>).match}**`)
    .replace(GROUP_MENTION, (...args) => `@_*${(args.at(-1) as Record<string, string>).match}*`);
  if (silenced.trim() === '>') return '';
  const m = QUOTE_LINE.exec(silenced);
  return m ? m[1]! : silenced;
}
