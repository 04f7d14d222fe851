/**
 * A message Zulip refuses to render (Zulip's MarkdownRenderingError): its HTML would be over
 * `MAX_RENDERED_LENGTH`, which only tables can reach from a message's 10,000 characters (every row
 * gets every column).
 */
export class RenderingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RenderingError';
  }
}

/** Zulip's bound on rendered HTML: 100 times the longest message. */
export const MAX_RENDERED_LENGTH = 1_000_000;
