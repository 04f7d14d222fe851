import { badRequest } from '@zulip-es/platform';
import { knowingNoOne, renderMarkdown, RenderingError, type RenderContext } from '@zulip-es/zulip-markdown';

/** An organization where nothing is a mention or a link to a channel (a caller that read nothing). */
export const NO_ORGANIZATION: RenderContext = knowingNoOne();

/** Message Markdown as Zulip renders it, for the organization as the sender sees it; Zulip's refusal when it cannot be. */
export function renderContent(content: string, context: RenderContext): string {
  try {
    return renderMarkdown(content, context);
  } catch (error) {
    if (error instanceof RenderingError) throw badRequest('Unable to render message');
    throw error;
  }
}

/** Zulip's `/me` messages: one line starting with `/me `. */
export const isMeMessage = (content: string): boolean => content.startsWith('/me ') && !content.includes('\n');
