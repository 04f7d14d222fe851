/**
 * Renders the cases of Zulip's own Markdown test file (zerver/tests/fixtures/markdown_test_cases.json
 * of a Zulip checkout, given as the argument) and reports, per area, how many match Zulip's output
 * byte for byte. The file's image previews predate Zulip's 2024 thumbnailing (`/thumbnail?url=`
 * images); they are compared as a current Zulip server without an image proxy writes them, with
 * the image's own URL.
 *
 *   npx tsx libs/zulip-markdown/tools/compare-with-zulip.ts <markdown_test_cases.json> [--show <name>|--failures]
 */
import { readFileSync } from 'node:fs';
import { knowingNoOne, renderMarkdown, type RenderContext } from '../src';

interface Case {
  name: string;
  input: string;
  expected_output: string;
  backend_only_rendering?: boolean;
  translate_emoticons?: boolean;
  ignore?: boolean;
}

const AREAS: [RegExp, string][] = [
  [/^(tex|fenced_quotes_inside_mathblock)/, 'math'],
  [/^(codeblock|four_space|two_space|malformed_fence|hanging_multi|fenced|dangerous)/, 'code and fences'],
  [/^spoiler/, 'spoilers'],
  [/^(.*blockquote)/, 'quotes'],
  [/^(ulist|list|numbered|auto_renumbered|two_auto|bulleted)/, 'lists'],
  [
    /^(.*emoji|many_emoji|zulip_emoji|not_emoji|unicode|two_unicode|miscellaneous|supplemental|emojis|skin|fried|new_emoji|valid_emoji)/,
    'emoji',
  ],
  [/^translate_emoticons/, 'emoticons'],
  [/^timestamp/, 'global times'],
  [/^(inline_image|two_inline|deduplicate|only_|blockquote_inline)/, 'link previews'],
  [/^(reference_links|linkify|link_|fragment|not_fragment|embedded_link|edge_case_embedded|telephone|strikthrough_link)/, 'links'],
  [/^(hashheading)/, 'headings'],
  [/^(safe_html)/, 'escaping'],
  [/./, 'text formatting'],
];
const areaOf = (name: string): string => AREAS.find(([re]) => re.test(name))![1];

const context = (translateEmoticons: boolean): RenderContext =>
  knowingNoOne({ realmUrl: 'http://zulip.testserver', translateEmoticons, imagePreviews: true });

/** `<img data-src-fullsize="/thumbnail?url=X&amp;size=full" src="/thumbnail?url=X&amp;size=thumbnail">` → `<img src="X">`. */
const OLD_THUMBNAIL = /<img data-src-fullsize="\/thumbnail\?url=([^&"]*)&amp;size=full" src="\/thumbnail\?url=\1&amp;size=thumbnail">/g;
const asCurrentServer = (html: string): string => html.replace(OLD_THUMBNAIL, (_, url: string) => `<img src="${decodeURIComponent(url)}">`);

function main([file, flag, name]: string[]): void {
  const fixture = JSON.parse(readFileSync(file!, 'utf8')) as { regular_tests: Case[]; linkify_tests: [string, string, string][] };
  const tally = new Map<string, { checked: number; matched: number }>();
  const count = (area: string, ok: boolean) => {
    const t = tally.get(area) ?? { checked: 0, matched: 0 };
    t.checked++;
    if (ok) t.matched++;
    tally.set(area, t);
  };
  for (const test of fixture.regular_tests) {
    if (test.ignore) continue;
    const actual = renderMarkdown(test.input, context(test.translate_emoticons === true));
    const expected = asCurrentServer(test.expected_output);
    const ok = actual === expected;
    count(areaOf(test.name), ok);
    if ((flag === '--failures' && !ok) || (flag === '--show' && test.name === name)) {
      console.log(
        `--- ${test.name}\ninput:    ${JSON.stringify(test.input)}\nexpected: ${JSON.stringify(expected)}\nactual:   ${JSON.stringify(actual)}`,
      );
    }
  }
  for (const [input, template, url] of fixture.linkify_tests) {
    const href = url.startsWith('http') ? url : url.includes('@') ? `mailto:${url}` : `http://${url}`;
    const expected = template.includes('%s') ? template.replace('%s', `<a href="${href}">${url}</a>`) : template;
    const actual = renderMarkdown(input, context(false));
    const ok = actual === expected;
    count('bare links', ok);
    if (flag === '--failures' && !ok)
      console.log(`--- linkify ${JSON.stringify(input)}\nexpected: ${JSON.stringify(expected)}\nactual:   ${JSON.stringify(actual)}`);
  }
  console.log('| area | cases checked | matching |\n|---|---|---|');
  for (const [area, t] of [...tally].sort()) console.log(`| ${area} | ${t.checked} | ${t.matched} |`);
}

main(process.argv.slice(2));
