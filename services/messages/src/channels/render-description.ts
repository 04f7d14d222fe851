import MarkdownIt from 'markdown-it';

// Raw HTML is escaped, never passed through: descriptions are user-written and shown to everyone.
const markdown = new MarkdownIt({ html: false, linkify: true });

/** A channel description as HTML (Zulip's `rendered_description`), e.g. `**hi**` → `<p><strong>hi</strong></p>`. */
export const renderDescription = (description: string): string => markdown.render(description).trim();
