import { renderMarkdown } from '@zulip-es/zulip-markdown';

/**
 * A channel description as HTML (Zulip's `rendered_description`), e.g. `**hi**` →
 * `<p><strong>hi</strong></p>`: Zulip's Markdown, without the organization's data (no mentions).
 */
export const renderDescription = (description: string): string => renderMarkdown(description, null);
