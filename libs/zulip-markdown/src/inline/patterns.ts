import type { RenderContext } from '../context';
import type { HtmlStash } from '../tree/html-stash';
import { emojiByName, emoticons, unicodeEmojiCharacters } from './emoji';
import type { InlinePattern } from './engine';
import { backtick, emphasis, entity, lineBreak, notStrong, strikethrough, strong, strongEmphasis } from './formatting';
import { autoLink, linkifier, markdownLink } from './links';
import { channelLink, groupMention, messageLink, topicLink, userMention } from './mentions';
import { globalTime, inlineTex } from './time-and-tex';

/**
 * Zulip's inline patterns in their priority order (`build_inlinepatterns`): code first, then
 * mentions and links, formatting after them, emoji last. Without an organization, nothing is a
 * mention, a channel link or a linkifier.
 */
export function inlinePatterns(context: RenderContext | null, stash: HtmlStash): InlinePattern[] {
  const realm = <T>(make: (c: RenderContext) => T): T[] => (context ? [make(context)] : []);
  return [
    backtick,
    strongEmphasis,
    ...realm(userMention),
    inlineTex(stash),
    ...realm(messageLink),
    ...realm(topicLink),
    ...realm(channelLink),
    globalTime,
    ...realm(groupMention),
    markdownLink(context),
    autoLink(context),
    ...(context?.linkifiers ?? []).flatMap((l) => linkifier(context!, l.pattern, l.urlTemplate) ?? []),
    entity(stash),
    strong,
    emphasis,
    strikethrough,
    notStrong,
    emojiByName(context),
    emoticons(context),
    lineBreak,
    unicodeEmojiCharacters,
  ];
}
