import { renderMarkdown, type RenderContext } from '@zulip-es/zulip-markdown';
import { renderContextFor, type RenderingDeps } from '../rendering/render-context';
import type { ReadUser } from '../users-read-model/users-read-model';
import type { AccessContext } from './channel-access';

/**
 * The organization as Zulip's `render_stream_description` renders with it: mentions, channel
 * links (of channels the acting user may read), linkifiers and custom emoji, but no link previews
 * and no emoticons. Read before deciding, for every description of the command at once.
 */
export async function descriptionRenderContext(
  deps: RenderingDeps,
  access: AccessContext,
  actor: ReadUser,
  descriptions: readonly string[],
): Promise<RenderContext> {
  const context = await renderContextFor(deps, access, actor, descriptions.join('\n'));
  return { ...context, imagePreviews: false, translateEmoticons: false };
}

/**
 * A channel description as HTML (Zulip's `rendered_description`), e.g. `**hi**` →
 * `<p><strong>hi</strong></p>`; null renders without the organization's data (no mentions).
 */
export const renderDescription = (description: string, context: RenderContext | null): string => renderMarkdown(description, context);
