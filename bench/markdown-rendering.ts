/**
 * Markdown rendering against plain markdown-it on the same input, in this process: a typical
 * chat message, and the worst cases a message of 10,000 characters can be (a long code block, a
 * large table, hundreds of mentions, deep nesting, formatting everywhere). Reported; the send
 * path's own target is measured by the loads.
 */
import MarkdownIt from 'markdown-it';
import { renderMarkdown, type MentionableUser, type RenderContext } from '../libs/zulip-markdown/src';
import { percentile } from './lib/stats';

export interface MarkdownRow {
  name: string;
  chars: number;
  zulip: { p50: number; p99: number };
  markdownIt: { p50: number; p99: number };
}

const LIMIT = 10_000;
const fit = (text: string): string => text.slice(0, LIMIT);

function organization(): RenderContext {
  const users: MentionableUser[] = Array.from({ length: 1_000 }, (_, i) => ({ id: i + 1, fullName: `Person ${i + 1}`, isActive: true }));
  const byName = new Map(users.map((u) => [u.fullName.toLowerCase(), u]));
  return {
    realmUrl: 'https://chat.example.org',
    userByName: (name) => byName.get(name.toLowerCase()),
    userById: (id) => users[id - 1],
    groupByName: () => undefined,
    channelIdByName: (name) => (name === 'general' ? 1 : undefined),
    linkifiers: [{ pattern: '#(?P<id>[0-9]{2,8})', urlTemplate: 'https://tracker.example.org/{id}' }],
    customEmoji: new Map(),
    translateEmoticons: false,
    defaultCodeBlockLanguage: '',
    emptyTopicName: 'general chat',
    imagePreviews: true,
  };
}

const CASES: [string, string][] = [
  [
    'typical message',
    'Hi @**Person 12**, the deploy of **v2.3** is done :tada: (see #**general** and https://example.com/releases/v2.3, fixes #1234).\n`npm run build` is green.',
  ],
  [
    'message with an image',
    'Before and after :eyes:\nhttps://example.com/screenshots/before.png\nhttps://example.com/screenshots/after.png',
  ],
  [
    'long code block',
    fit(
      '```python\n' +
        Array.from({ length: 400 }, (_, i) => `def handler_${i}(request):\n    return respond(request, ${i})  # <ok> & "done"`).join('\n'),
    ) + '\n```',
  ],
  [
    'large table',
    fit('| id | name | state |\n|---|:---|---:|\n' + Array.from({ length: 400 }, (_, i) => `| ${i} | **row ${i}** | \`ok\` |`).join('\n')),
  ],
  ['many mentions', fit(Array.from({ length: 600 }, (_, i) => `@**Person ${(i % 1000) + 1}**`).join(' '))],
  [
    'deep nesting',
    fit('> '.repeat(40) + 'quoted\n' + Array.from({ length: 300 }, (_, i) => `${'  '.repeat(i % 30)}* item ${i}`).join('\n')),
  ],
  ['formatting everywhere', fit(Array.from({ length: 500 }, (_, i) => `**b${i}** *i* ~~s~~ :smile: [l](https://e.org/${i})`).join(' '))],
];

function timed(render: () => void, rounds: number): { p50: number; p99: number } {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = process.hrtime.bigint();
    render();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

export function measureMarkdown(rounds = 300): MarkdownRow[] {
  const context = organization();
  const markdownIt = new MarkdownIt({ html: false, linkify: true, breaks: true });
  return CASES.map(([name, text]) => {
    timed(() => renderMarkdown(text, context), 30);
    timed(() => markdownIt.render(text), 30);
    return {
      name,
      chars: text.length,
      zulip: timed(() => renderMarkdown(text, context), rounds),
      markdownIt: timed(() => markdownIt.render(text), rounds),
    };
  });
}
