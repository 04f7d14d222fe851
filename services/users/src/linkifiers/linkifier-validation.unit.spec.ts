import { checkPattern } from './linkifier-pattern';
import { templateVariables } from './linkifier-url-template';
import { linkifierErrors, validateLinkifier } from './linkifier-validation';

const existing = [{ id: 1, pattern: '#(?P<id>[0-9]+)', urlTemplate: 'https://github.com/zulip/zulip/issues/{id}' }];

describe('linkifier pattern (RE2 syntax)', () => {
  it.each([
    ['#(?P<id>[0-9]+)', ['id']],
    ['(?P<org>[a-z]+)/(?P<repo>[a-z]+)#(?P<id>\\d+)', ['org', 'repo', 'id']],
    ['JIRA-[0-9]+', []],
  ])('compiles %s with the groups %j', (pattern, groups) => {
    expect(checkPattern(pattern)).toEqual({ ok: true, groups: new Set(groups) });
  });

  it.each([
    ['#(?P<id>[0-9]+', 'missing ): #(?P<id>[0-9]+'],
    ['a**', 'bad repetition operator: **'],
    ['[z-a]', 'invalid character class range: z-a'],
    // Backtracking constructs that JavaScript would accept are not RE2.
    ['x(?=y)(?P<id>1)', 'invalid perl operator: (?='],
    ['a/b(', 'missing ): a/b('],
  ])('refuses %s with RE2’s message', (pattern, error) => {
    expect(checkPattern(pattern)).toEqual({ ok: false, error });
  });
});

describe('linkifier URL template (RFC 6570)', () => {
  it.each([
    ['https://github.com/zulip/zulip/issues/{id}', ['id']],
    ['https://example.com/{+path}/{#frag}{?q,lang}', ['path', 'frag', 'q', 'lang']],
    ['https://example.com/{id:3}/{list*}', ['id', 'list']],
    ['https://example.com/static', []],
    ['https://example.com/{id}/{id}', ['id']],
  ])('reads %s with the variables %j', (template, names) => {
    expect(templateVariables(template)).toEqual(new Set(names));
  });

  it.each([
    'https://example.com/{id',
    'https://example.com/id}',
    'https://example.com/{}',
    'https://example.com/{a b}',
    '{=a}',
    '{a:0}',
    '{a:10000}',
    '{a(x)}',
    '{a..b}',
    '{%zz}',
  ])('refuses %s', (template) => {
    expect(templateVariables(template)).toBeNull();
  });
});

describe('linkifier validation (Zulip’s full_clean)', () => {
  const fails = (msg: string, errors: Record<string, string[]>) =>
    expect.objectContaining({ code: 'BAD_REQUEST', status: 400, msg, extra: { errors } });

  it('strips both values', () => {
    expect(validateLinkifier('  #(?P<n>\\d+) ', ' https://x.example/{n} ', [])).toEqual({
      pattern: '#(?P<n>\\d+)',
      urlTemplate: 'https://x.example/{n}',
    });
  });

  it('reports a bad regular expression', () => {
    expect(() => validateLinkifier('(?P<id>x', 'https://x.example/{id}', [])).toThrow(
      fails('Bad regular expression: missing ): (?P<id>x', { __all__: ['Bad regular expression: missing ): (?P<id>x'] }),
    );
  });

  it('reports an invalid URL template on its field', () => {
    expect(() => validateLinkifier('(?P<id>x)', 'https://x.example/{id', [])).toThrow(
      fails('Invalid URL template.', { url_template: ['Invalid URL template.'] }),
    );
  });

  it('reports a template variable missing from the pattern before a group missing from the template', () => {
    expect(() => validateLinkifier('(?P<b>x)(?P<c>y)', 'https://x.example/{a}/{b}', [])).toThrow(
      fails("Group 'a' in URL template is not present in linkifier pattern.", {
        __all__: ["Group 'a' in URL template is not present in linkifier pattern."],
      }),
    );
    expect(() => validateLinkifier('(?P<d>x)(?P<c>y)', 'https://x.example/', [])).toThrow(
      fails("Group 'c' in linkifier pattern is not present in URL template.", {
        __all__: ["Group 'c' in linkifier pattern is not present in URL template."],
      }),
    );
  });

  it('refuses a pattern the organization already has', () => {
    expect(() => validateLinkifier(' #(?P<id>[0-9]+)', 'https://other.example/{id}', existing)).toThrow(
      fails('Realm filter with this Realm and Pattern already exists.', {
        __all__: ['Realm filter with this Realm and Pattern already exists.'],
      }),
    );
  });

  it('lists field errors before model errors, as Django does', () => {
    expect(linkifierErrors('', 'https://x.example/{id}', [])).toEqual({
      pattern: ['This field cannot be blank.'],
      __all__: ["Group 'id' in URL template is not present in linkifier pattern."],
    });
    expect(linkifierErrors('(?P<id>x)', '', [])).toEqual({
      url_template: ['This field cannot be blank.'],
      __all__: ["Group 'id' in linkifier pattern is not present in URL template."],
    });
    expect(linkifierErrors('(bad', '{bad', [])).toEqual({
      url_template: ['Invalid URL template.'],
      __all__: ['Bad regular expression: missing ): (bad'],
    });
  });
});
