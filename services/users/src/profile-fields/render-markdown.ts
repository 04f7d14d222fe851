import { renderMarkdown as renderZulipMarkdown } from '@zulip-es/zulip-markdown';

/**
 * A text field value as HTML (Zulip's `rendered_value`), e.g. `**hi**` → `<p><strong>hi</strong></p>`.
 * Rendered as Zulip renders message Markdown, without the organization's data (no mentions).
 */
export const renderMarkdown = (value: string): string => renderZulipMarkdown(value, null);
