import MarkdownIt from 'markdown-it';

/**
 * Message Markdown as HTML. This is CommonMark (markdown-it) with Zulip's line breaks and
 * linkified URLs, raw HTML escaped, and Zulip's user mentions (`@**Name|id**`, silent
 * `@_**Name|id**`) rendered as Zulip renders them; other Zulip extensions (emoji, channel links,
 * LaTeX, spoilers, linkifiers) stay plain text.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true });

const MENTION = /^@(_?)\*\*([^*|\n]+)\|(\d+)\*\*/;

markdown.inline.ruler.before('emphasis', 'zulip_user_mention', (state, silent) => {
  if (state.src.charCodeAt(state.pos) !== 0x40 /* @ */) return false;
  const match = MENTION.exec(state.src.slice(state.pos));
  if (!match) return false;
  if (!silent) {
    const token = state.push('zulip_user_mention', '', 0);
    token.meta = { silent: match[1] === '_', name: match[2], userId: Number(match[3]) };
  }
  state.pos += match[0].length;
  return true;
});

markdown.renderer.rules.zulip_user_mention = (tokens, index) => {
  const { silent, name, userId } = tokens[index].meta as { silent: boolean; name: string; userId: number };
  const text = markdown.utils.escapeHtml(name);
  return silent
    ? `<span class="user-mention silent" data-user-id="${userId}">${text}</span>`
    : `<span class="user-mention" data-user-id="${userId}">@${text}</span>`;
};

export const renderContent = (content: string): string => markdown.render(content).trim();

/** Zulip's `/me` messages: one line starting with `/me `. */
export const isMeMessage = (content: string): boolean => content.startsWith('/me ') && !content.includes('\n');
