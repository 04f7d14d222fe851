import MarkdownIt from 'markdown-it';

/**
 * Message Markdown as HTML. This is CommonMark (markdown-it) with Zulip's line breaks and
 * linkified URLs, raw HTML escaped, and Zulip's user mentions (`@**Name|id**`, silent
 * `@_**Name|id**`) and wildcard mentions (`@**all**`, `@**topic**`, …) rendered as Zulip renders
 * them; other Zulip extensions (emoji, channel links, LaTeX, spoilers, linkifiers) stay plain text.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true });

const MENTION = /^@(_?)\*\*([^*|\n]+)\|(\d+)\*\*/;
/** Zulip's `stream_wildcards` and `topic_wildcards` (case-sensitive, as Zulip matches them). */
const WILDCARD = /^@(_?)\*\*(all|everyone|channel|stream|topic)\*\*/;

markdown.inline.ruler.before('emphasis', 'zulip_mention', (state, silent) => {
  if (state.src.charCodeAt(state.pos) !== 0x40 /* @ */) return false;
  const rest = state.src.slice(state.pos);
  const user = MENTION.exec(rest);
  const wildcard = user ? null : WILDCARD.exec(rest);
  const match = user ?? wildcard;
  if (!match) return false;
  if (!silent) {
    const token = state.push(user ? 'zulip_user_mention' : 'zulip_wildcard_mention', '', 0);
    token.meta = user ? { silent: match[1] === '_', name: match[2], userId: Number(match[3]) } : { silent: match[1] === '_', name: match[2] };
  }
  state.pos += match[0].length;
  return true;
});

/** Zulip's markup: a channel wildcard is a user mention of everyone (`data-user-id="*"`), `@topic` a topic mention. */
markdown.renderer.rules.zulip_wildcard_mention = (tokens, index) => {
  const { silent, name } = tokens[index].meta as { silent: boolean; name: string };
  const kind = name === 'topic' ? 'topic-mention' : 'user-mention channel-wildcard-mention';
  const classes = silent ? `${kind} silent` : kind;
  const text = silent ? name : `@${name}`;
  return name === 'topic' ? `<span class="${classes}">${text}</span>` : `<span class="${classes}" data-user-id="*">${text}</span>`;
};

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
