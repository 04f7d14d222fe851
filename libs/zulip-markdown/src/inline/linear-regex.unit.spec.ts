import { compileLinkifier } from './linear-regex';

const wrapped = (pattern: string) =>
  `(?P<linkifier_before_match>^|\\s|\u0085|\\pZ|['"\\(,:<])(?P<linkifier_actual_match>${pattern})(?P<linkifier_after_match>$|[^\\pL\\pN])`;

describe('linkifier patterns on the linear-time engine', () => {
  it("finds matches with RE2's named groups and Unicode classes, as Zulip's wrapping asks", () => {
    const regex = compileLinkifier(wrapped('#(?P<id>[0-9]{2,8})'))!;
    regex.lastIndex = 0;
    expect(regex.exec('fix #1234 now')?.groups).toEqual({
      linkifier_before_match: ' ',
      linkifier_actual_match: '#1234',
      id: '1234',
      linkifier_after_match: ' ',
    });
    regex.lastIndex = 0;
    expect(regex.exec('not#12 nor #12é')).toBeNull();
    expect(compileLinkifier(wrapped('(?P<word>\\pL+)-ticket'))!.exec('see été-ticket!')?.groups?.word).toBe('été');
  });

  it('runs a pattern that would backtrack for ever in linear time', () => {
    const regex = compileLinkifier(wrapped('(?P<x>(a+)+b)'))!;
    const started = Date.now();
    expect(regex.exec(` ${'a'.repeat(50_000)}c`)).toBeNull();
    const alternatives = compileLinkifier(wrapped('(?P<x>(a|aa)+c)'))!;
    alternatives.lastIndex = 0;
    expect(alternatives.exec(` ${'a'.repeat(10_000)}b`)).toBeNull();
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('leaves out what it cannot run linearly', () => {
    expect(compileLinkifier(wrapped('(?i)abc'))).toBeNull();
    expect(compileLinkifier(wrapped('[\\PL]x'))).toBeNull();
  });
});
