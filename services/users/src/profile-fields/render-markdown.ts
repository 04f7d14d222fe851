import MarkdownIt from 'markdown-it';

// Raw HTML is escaped, never passed through: values are user-written and shown to everyone.
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true });

/** A text field value as HTML (Zulip's `rendered_value`), e.g. `**hi**` → `<p><strong>hi</strong></p>`. */
export const renderMarkdown = (value: string): string => markdown.render(value).trim();
