/**
 * The document tree Python-Markdown builds and Zulip's renderer works on (an ElementTree): each
 * element has text before its first child and a tail after itself. Text marked atomic is never
 * given to inline patterns again (Python-Markdown's AtomicString): code, mentions, link text.
 */
export class AtomicString {
  constructor(readonly value: string) {}
}

export type Text = string | AtomicString;

export const textOf = (text: Text | null): string => (text === null ? '' : typeof text === 'string' ? text : text.value);
export const isAtomic = (text: Text | null): text is AtomicString => text instanceof AtomicString;

export class El {
  text: Text | null = null;
  tail: Text | null = null;
  readonly children: El[] = [];
  readonly attrs = new Map<string, string>();

  constructor(public tag: string) {}

  static of(tag: string, attrs: Record<string, string> = {}, text: Text | null = null): El {
    const el = new El(tag);
    for (const [key, value] of Object.entries(attrs)) el.attrs.set(key, value);
    el.text = text;
    return el;
  }

  /** ElementTree's SubElement. */
  sub(tag: string): El {
    const child = new El(tag);
    this.children.push(child);
    return child;
  }

  append(child: El): void {
    this.children.push(child);
  }

  insert(index: number, child: El): void {
    this.children.splice(index, 0, child);
  }

  get last(): El | undefined {
    return this.children.at(-1);
  }

  /** Every element of the subtree, this one first, in document order (ElementTree's `iter`). */
  *iter(tag?: string): Generator<El> {
    if (tag === undefined || this.tag === tag) yield this;
    for (const child of this.children) yield* child.iter(tag);
  }
}
