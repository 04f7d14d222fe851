import type { El } from '../tree/element';

/** One of Python-Markdown's block processors: whether it takes the next block, and taking it. */
export interface BlockProcessor {
  test(parent: El, block: string): boolean;
  /** `false`: it declined after all, and the next processor is asked. */
  run(parent: El, blocks: string[]): boolean | void;
}

/** How deep quotes and lists may nest before they are read as text (Python's recursion limit, there). */
export const MAX_NESTING = 100;

/**
 * Python-Markdown's BlockParser: the text is cut into blocks at blank lines, and each block goes
 * to the first processor, by priority, that takes it; processors parse nested content through
 * this parser again. `state` says where the parser is (a list, a quote, detabbed content).
 */
export class BlockParser {
  readonly state: string[] = [];
  processors: readonly BlockProcessor[] = [];
  private depth = 0;

  isState(state: string): boolean {
    return this.state.at(-1) === state;
  }

  get nearingLimit(): boolean {
    return this.depth >= MAX_NESTING;
  }

  parseChunk(parent: El, text: string): void {
    this.parseBlocks(parent, text.split('\n\n'));
  }

  parseBlocks(parent: El, blocks: string[]): void {
    this.depth++;
    try {
      while (blocks.length > 0) {
        for (const processor of this.processors) {
          if (processor.test(parent, blocks[0]!) && processor.run(parent, blocks) !== false) break;
        }
      }
    } finally {
      this.depth--;
    }
  }
}

/** Python-Markdown's `detab`: the leading lines indented by `length`, unindented, and the rest. */
export function detab(text: string, length: number): [string, string] {
  const lines = text.split('\n');
  const taken: string[] = [];
  for (const line of lines) {
    if (line.startsWith(' '.repeat(length))) taken.push(line.slice(length));
    else if (line.trim() === '') taken.push('');
    else break;
  }
  return [taken.join('\n'), lines.slice(taken.length).join('\n')];
}

/** Python-Markdown's `looseDetab`: every line indented by `length × level` loses that indent. */
export function looseDetab(text: string, length: number, level = 1): string {
  const indent = ' '.repeat(length * level);
  return text
    .split('\n')
    .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
    .join('\n');
}

/** Python's `str.strip()` of whitespace. */
export const pyStrip = (s: string): string => s.replace(/^\s+|\s+$/gu, '');
