import { BLOCK_LEVEL } from './block-level';

const STX = '\u0002';
const ETX = '\u0003';

/**
 * Raw HTML kept out of the Markdown until the end (Python-Markdown's htmlStash): the text carries a
 * placeholder, and the finished HTML gets the raw HTML back, unwrapped from a `<p>` of its own
 * when it is a block.
 */
export class HtmlStash {
  private readonly blocks: string[] = [];

  store(html: string): string {
    this.blocks.push(html);
    return `${STX}wzxhzdk:${this.blocks.length - 1}${ETX}`;
  }

  restore(html: string): string {
    if (this.blocks.length === 0) return html;
    const pattern = /<p>\u0002wzxhzdk:([0-9]+)\u0003<\/p>|\u0002wzxhzdk:([0-9]+)\u0003/g;
    const substitute = (match: string, wrappedKey: string | undefined, bareKey: string | undefined): string => {
      const key = Number(wrappedKey ?? bareKey);
      if (key >= this.blocks.length) return match;
      const raw = this.blocks[key]!;
      const body = wrappedKey === undefined || isBlockLevel(raw) ? raw : `<p>${raw}</p>`;
      return body.replace(pattern, substitute);
    };
    return html.replace(pattern, substitute);
  }
}

function isBlockLevel(html: string): boolean {
  const tag = /^<\/?([^ >]+)/.exec(html)?.[1];
  if (tag === undefined) return false;
  return ['!', '?', '@', '%'].includes(tag[0]!) || BLOCK_LEVEL.has(tag.toLowerCase());
}
