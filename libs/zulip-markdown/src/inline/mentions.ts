import { AtomicString, El } from '../tree/element';
import type { RenderContext } from '../context';
import type { InlinePattern } from './engine';
import { BEFORE_MENTION_SOURCE, GROUP_MENTION_SOURCE, MENTION_SOURCE } from './mention-syntax';
import { encodeChannel, encodeHashComponent } from './url';

const STREAM_WILDCARDS = new Set(['all', 'everyone', 'stream', 'channel']);
const ID_SYNTAX = /^(?<fullName>.+)?\|(?<userId>\d+)$/su;

const span = (attrs: Record<string, string>, text: string): El => El.of('span', attrs, new AtomicString(text));

/**
 * Zulip's UserMentionPattern: `@**Name**`, `@**Name|id**`, `@**|id**`, silent with `@_`, and the
 * wildcards. The user's current name is shown; a deactivated user's mention is silent; an
 * unknown name is no mention (it becomes bold text).
 */
export function userMention(context: RenderContext): InlinePattern {
  return {
    kind: 'search',
    regex: new RegExp(MENTION_SOURCE, 'gsu'),
    handle(m) {
      const { silent: silentMark, match: name } = m.groups as { silent: string; match: string };
      let silent = silentMark === '_';
      const at = { start: m.index, end: m.index + m[0].length };
      if (name === 'topic')
        return { node: span({ class: silent ? 'topic-mention silent' : 'topic-mention' }, silent ? name : `@${name}`), ...at };
      if (STREAM_WILDCARDS.has(name)) {
        const classes = silent ? 'user-mention channel-wildcard-mention silent' : 'user-mention channel-wildcard-mention';
        return { node: span({ class: classes, 'data-user-id': '*' }, silent ? name : `@${name}`), ...at };
      }
      const byId = ID_SYNTAX.exec(name);
      const user = byId ? context.userById(Number(byId.groups!.userId)) : context.userByName(name);
      if (!user || (byId?.groups!.fullName && user.fullName !== byId.groups.fullName)) return null;
      if (!user.isActive) silent = true;
      return {
        node: span(
          { class: silent ? 'user-mention silent' : 'user-mention', 'data-user-id': String(user.id) },
          silent ? user.fullName : `@${user.fullName}`,
        ),
        ...at,
      };
    },
  };
}

/** Zulip's UserGroupMentionPattern: `@*group*`, silent with `@_`; a deactivated group's is silent. */
export function groupMention(context: RenderContext): InlinePattern {
  return {
    kind: 'search',
    regex: new RegExp(GROUP_MENTION_SOURCE, 'gsu'),
    handle(m) {
      const { silent: silentMark, match: name } = m.groups as { silent: string; match: string };
      const group = context.groupByName(name);
      if (!group) return null;
      const silent = silentMark === '_' || group.deactivated;
      const node = span(
        { class: silent ? 'user-group-mention silent' : 'user-group-mention', 'data-user-group-id': String(group.id) },
        silent ? group.displayName : `@${group.displayName}`,
      );
      return { node, start: m.index, end: m.index + m[0].length };
    },
  };
}

const topicText = (context: RenderContext, link: El, prefix: string, topic: string, suffix: string): El => {
  if (topic === '') {
    link.text = new AtomicString(prefix);
    const em = link.sub('em');
    em.text = context.emptyTopicName;
    if (suffix !== '') em.tail = new AtomicString(suffix);
  } else {
    link.text = new AtomicString(`${prefix}${topic}${suffix}`);
  }
  return link;
};

/** `#**channel>topic@id**`: a link to one message; its id is not checked. */
export function messageLink(context: RenderContext): InlinePattern {
  return {
    kind: 'search',
    regex: new RegExp(`${BEFORE_MENTION_SOURCE}#\\*\\*(?<channel>[^\\*>]+)>(?<topic>[^\\*]*)@(?<messageId>\\d+)\\*\\*`, 'gsu'),
    handle(m) {
      const { channel, topic, messageId } = m.groups as Record<string, string>;
      const channelId = context.channelIdByName(channel);
      if (channelId === undefined) return null;
      const link = El.of('a', {
        class: 'message-link',
        href: `/#narrow/channel/${encodeChannel(channelId, channel)}/topic/${encodeHashComponent(topic)}/near/${messageId}`,
      });
      return { node: topicText(context, link, `#${channel} > `, topic, ' @ 💬'), start: m.index, end: m.index + m[0].length };
    },
  };
}

/** `#**channel>topic**`: a link to a topic, at its newest message the sender may read. */
export function topicLink(context: RenderContext): InlinePattern {
  return {
    kind: 'search',
    regex: new RegExp(`${BEFORE_MENTION_SOURCE}#\\*\\*(?<channel>[^\\*>]+)>(?<topic>[^\\*]*)\\*\\*`, 'gsu'),
    handle(m) {
      const { channel, topic } = m.groups as Record<string, string>;
      const channelId = context.channelIdByName(channel);
      if (channelId === undefined) return null;
      const newest = context.topicNewestMessage?.(channelId, topic);
      const href = `/#narrow/channel/${encodeChannel(channelId, channel)}/topic/${encodeHashComponent(topic)}${newest !== undefined ? `/with/${newest}` : ''}`;
      const link = El.of('a', { class: 'stream-topic', 'data-stream-id': String(channelId), href });
      return { node: topicText(context, link, `#${channel} > `, topic, ''), start: m.index, end: m.index + m[0].length };
    },
  };
}

/** `#**channel**`: a link to a channel the sender may read (names match exactly). */
export function channelLink(context: RenderContext): InlinePattern {
  return {
    kind: 'search',
    regex: new RegExp(`${BEFORE_MENTION_SOURCE}#\\*\\*(?<channel>[^\\*]+)\\*\\*`, 'gsu'),
    handle(m) {
      const { channel } = m.groups as Record<string, string>;
      const channelId = context.channelIdByName(channel);
      if (channelId === undefined) return null;
      const node = El.of(
        'a',
        { class: 'stream', 'data-stream-id': String(channelId), href: `/#narrow/channel/${encodeChannel(channelId, channel)}` },
        new AtomicString(`#${channel}`),
      );
      return { node, start: m.index, end: m.index + m[0].length };
    },
  };
}
