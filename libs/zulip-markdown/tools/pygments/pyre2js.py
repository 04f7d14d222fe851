"""Translate a Python `re` pattern (as compiled by Pygments: str pattern, given flags) to an equivalent JavaScript
RegExp source + flags, by walking the parse tree of CPython's own regex parser (re._parser, Python 3.11+).

The output is meant for `new RegExp(source, flags + 'y')` and `re.lastIndex = pos; re.exec(text)`, which behaves
like Python's `pattern.match(text, pos)`.

Semantics handled explicitly (instead of relying on JS flags whose meaning differs):
  * `.`                 -> [^\\n] (or [\\s\\S] under DOTALL)  (JS `.` also excludes \\r, \\u2028, \\u2029)
  * `^` / `$`           -> lookarounds on \\n only, MULTILINE-aware (JS `m` also breaks at \\r, \\u2028, \\u2029)
  * `\\A`, `\\Z`          -> (?<![\\s\\S]), (?![\\s\\S])
  * `\\w \\d \\s \\b`       -> Unicode definitions as Python's (JS' are ASCII / a different space set)
  * scoped `(?i:...)`   -> literal case expansion (Node 20 has no regexp modifiers)
  * ASCII punctuation and invisible characters -> \\uXXXX / \\u{X} escape (valid inside and outside classes under
    the u flag); other printable characters are written as themselves, which keeps the big Unicode classes small
Unsupported (raises Unsupported): conditional groups, possessive quantifiers, atomic groups, scoped -i inside
a global IGNORECASE pattern, LOCALE.
"""
import re
import unicodedata
import re._parser as P
import re._constants as C


class Unsupported(Exception):
    pass


UNI_WORD = '\\p{L}\\p{N}_'
UNI_DIGIT = '\\p{Nd}'
UNI_SPACE = '\\t\\n\\u000B\\f\\r\\u001C-\\u001F \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000'
ASCII_WORD = 'A-Za-z0-9_'
ASCII_DIGIT = '0-9'
ASCII_SPACE = '\\t\\n\\u000B\\f\\r '


def esc(c):
    ch = chr(c)
    if ch.isascii() and (ch.isalnum() or ch == '_'):
        return ch
    if ch == ' ':
        return ' '
    if c > 0x7F and ch.isprintable() and unicodedata.category(ch)[0] not in 'MZC':
        return ch
    if c < 0x10000:
        return '\\u%04X' % c
    return '\\u{%X}' % c


def case_variants(c):
    ch = chr(c)
    out = {c}
    for v in (ch.lower(), ch.upper(), ch.swapcase(), ch.casefold()):
        if len(v) == 1:
            out.add(ord(v))
    # characters whose lower/upper maps to ch (e.g. Kelvin sign -> k)
    return sorted(out)


class Translator:
    def __init__(self, pattern, flags):
        self.pattern = pattern
        self.parsed = P.parse(pattern, flags)
        self.gflags = self.parsed.state.flags
        if self.gflags & re.LOCALE:
            raise Unsupported('LOCALE')
        self.global_i = bool(self.gflags & re.IGNORECASE)
        self.groups = self.parsed.state.groups - 1

    def translate(self):
        src = self.seq(self.parsed.data, self.gflags)
        jsflags = 'u' + ('i' if self.global_i else '')
        return src, jsflags

    # --- sets -------------------------------------------------------------------------------------------------
    def word(self, flags):
        return ASCII_WORD if flags & re.ASCII else UNI_WORD

    def category(self, cat, flags):
        """-> (class-body, negated?)"""
        a = flags & re.ASCII
        if cat is C.CATEGORY_DIGIT:
            return (ASCII_DIGIT if a else UNI_DIGIT), False
        if cat is C.CATEGORY_NOT_DIGIT:
            return (ASCII_DIGIT, True) if a else ('\\P{Nd}', False)
        if cat is C.CATEGORY_WORD:
            return self.word(flags), False
        if cat is C.CATEGORY_NOT_WORD:
            return self.word(flags), True
        if cat is C.CATEGORY_SPACE:
            return (ASCII_SPACE if a else UNI_SPACE), False
        if cat is C.CATEGORY_NOT_SPACE:
            return (ASCII_SPACE if a else UNI_SPACE), True
        raise Unsupported('category %s' % cat)

    def lit_in_class(self, c, flags):
        if flags & re.IGNORECASE and not self.global_i:
            return ''.join(esc(v) for v in case_variants(c))
        return esc(c)

    def range_in_class(self, lo, hi, flags):
        out = esc(lo) + '-' + esc(hi)
        if flags & re.IGNORECASE and not self.global_i:
            extra = set()
            if hi - lo > 2000:
                raise Unsupported('large case-insensitive range')
            for c in range(lo, hi + 1):
                for v in case_variants(c):
                    if not lo <= v <= hi:
                        extra.add(v)
            out += ''.join(esc(v) for v in sorted(extra))
        return out

    def in_class(self, items, flags):
        neg = False
        pos, negsets = [], []
        for op, av in items:
            if op is C.NEGATE:
                neg = True
            elif op is C.LITERAL:
                pos.append(self.lit_in_class(av, flags))
            elif op is C.RANGE:
                pos.append(self.range_in_class(av[0], av[1], flags))
            elif op is C.CATEGORY:
                body, isneg = self.category(av, flags)
                (negsets if isneg else pos).append(body)
            else:
                raise Unsupported('class item %s' % op)
        p = ''.join(pos)
        if not negsets:
            if not p:
                return '[\\s\\S]' if neg else '[^\\s\\S]'
            return ('[^%s]' if neg else '[%s]') % p
        if not neg:
            alts = (['[%s]' % p] if p else []) + ['[^%s]' % s for s in negsets]
            return alts[0] if len(alts) == 1 else '(?:%s)' % '|'.join(alts)
        # complement of (P ∪ ¬S1 ∪ ¬S2 ...) = ¬P ∩ S1 ∩ S2 ...
        out = '(?:'
        if p:
            out += '(?![%s])' % p
        for s in negsets[1:]:
            out += '(?=[%s])' % s
        return out + '[%s])' % negsets[0]

    # --- sequences ---------------------------------------------------------------------------------------------
    def seq(self, items, flags):
        return ''.join(self.item(op, av, flags) for op, av in items)

    def atom(self, items, flags):
        """A quantifiable form of the sequence."""
        if len(items) == 1:
            op, av = items[0]
            if op in (C.LITERAL, C.NOT_LITERAL, C.ANY, C.IN):
                return self.item(op, av, flags)
            if op is C.SUBPATTERN and av[0] is not None:
                return self.item(op, av, flags)
        return '(?:%s)' % self.seq(items, flags)

    def item(self, op, av, flags):
        if op is C.LITERAL:
            if flags & re.IGNORECASE and not self.global_i:
                vs = case_variants(av)
                if len(vs) > 1:
                    return '[%s]' % ''.join(esc(v) for v in vs)
            return esc(av)
        if op is C.NOT_LITERAL:
            return '[^%s]' % self.lit_in_class(av, flags)
        if op is C.ANY:
            return '[\\s\\S]' if flags & re.DOTALL else '[^\\n]'
        if op is C.IN:
            return self.in_class(av, flags)
        if op is C.BRANCH:
            return '(?:%s)' % '|'.join(self.seq(s, flags) for s in av[1])
        if op is C.SUBPATTERN:
            group, add, dele, p = av
            nflags = (flags | add) & ~dele
            if self.global_i and not nflags & re.IGNORECASE:
                raise Unsupported('scoped -i in IGNORECASE pattern')
            inner = self.seq(p, nflags)
            return ('(?:%s)' if group is None else '(%s)') % inner
        if op in (C.MAX_REPEAT, C.MIN_REPEAT):
            lo, hi, p = av
            body = self.atom(p, flags)
            if hi is C.MAXREPEAT:
                q = {0: '*', 1: '+'}.get(lo, '{%d,}' % lo)
            elif lo == 0 and hi == 1:
                q = '?'
            elif lo == hi:
                q = '{%d}' % lo
            else:
                q = '{%d,%d}' % (lo, hi)
            return body + q + ('?' if op is C.MIN_REPEAT else '')
        if op is C.AT:
            ml = flags & re.MULTILINE
            if av is C.AT_BEGINNING:
                return '(?<![^\\n])' if ml else '(?<![\\s\\S])'
            if av is C.AT_BEGINNING_STRING:
                return '(?<![\\s\\S])'
            if av is C.AT_END:
                return '(?![^\\n])' if ml else '(?=\\n?(?![\\s\\S]))'
            if av is C.AT_END_STRING:
                return '(?![\\s\\S])'
            w = self.word(flags)
            if av is C.AT_BOUNDARY:
                return '(?:(?<=[%s])(?![%s])|(?<![%s])(?=[%s]))' % (w, w, w, w)
            if av is C.AT_NON_BOUNDARY:
                return '(?:(?<=[%s])(?=[%s])|(?<![%s])(?![%s]))' % (w, w, w, w)
            raise Unsupported('at %s' % av)
        if op is C.GROUPREF:
            return '(?:\\%d)' % av
        if op in (C.ASSERT, C.ASSERT_NOT):
            direction, p = av
            inner = self.seq(p, flags)
            if op is C.ASSERT:
                return ('(?=%s)' if direction == 1 else '(?<=%s)') % inner
            return ('(?!%s)' if direction == 1 else '(?<!%s)') % inner
        raise Unsupported(str(op))


def translate(pattern, flags):
    t = Translator(pattern, flags)
    return t.translate() + (t.groups,)


if __name__ == '__main__':
    for pat, fl in [(r'(?i)a\b[\w\s-]+$', re.M), (r'[^\W\d]\w*', 0), (r'(?i:select)\s+x', 0), (r'\A#!.+?$', re.M | re.S)]:
        print(pat, '->', translate(pat, fl))
