"""Export Pygments lexers' token tables as JSON for the TypeScript engine in src/highlight.

Tables are not translated from Pygments' source text: instantiating a RegexLexer subclass makes RegexLexerMeta
build `_tokens`, with include/inherit/combined/words/default and state names already resolved, so that is what is
walked. Every regex is translated by pyre2js from CPython's own parse tree. Actions are written as:

  "Token.Name"                                                      a token type
  {"bygroups": [action|null, ...]}                                  pygments.lexer.bygroups
  {"using": "this"|"<LexerClass>", "stack": [...]|null, "kwargs": {...}}   pygments.lexer.using
  {"callback": "YamlLexer.something", "args": {...}}                a lexer's own Python callback (hand-ported)

New states: null | -N (pop N) | "#push" | ["state", "#pop", ...].

Writes one <LexerClass>.json per class reached from the given aliases, and pygments.json (version, the token type
-> CSS class table, every alias of an exported lexer -> its class, Pygments' licence). Lists the callbacks and
get_tokens_unprocessed overrides met, which the engine must have hand ports of.

Usage: python export_lexers.py OUT_DIR alias...
"""
import inspect
import json
import os
import re
import sys

import pygments
from pygments.lexer import RegexLexer, ExtendedRegexLexer, Lexer, DelegatingLexer, _This
from pygments.lexers import find_lexer_class_by_name
from pygments.token import _TokenType, STANDARD_TYPES

from pyre2js import translate, Unsupported

BASE_CLASSES = {RegexLexer, ExtendedRegexLexer, Lexer, DelegatingLexer, object}
PINNED = '2.19.2'


def key(cls):
    """A lexer class' file name: its name, or Outer.Inner for a class defined inside a method."""
    return re.sub(r'\.__init__\.<locals>|\.<locals>', '', cls.__qualname__)


def enc_value(v):
    if type(v) is _TokenType:
        return str(v)
    if isinstance(v, (bool, int, float, str)) or v is None:
        return v
    if isinstance(v, (list, tuple)):
        return [enc_value(x) for x in v]
    if isinstance(v, dict):
        return {k: enc_value(x) for k, x in v.items()}
    raise TypeError(repr(v))


class Exporter:
    def __init__(self):
        self.lexers = {}  # file name -> (class, exported dict)
        self.queue = []
        self.problems = []
        self.callbacks = set()

    def want(self, cls):
        if key(cls) not in self.lexers and cls not in self.queue:
            self.queue.append(cls)

    def run(self):
        while self.queue:
            cls = self.queue.pop(0)
            if key(cls) not in self.lexers:
                self.lexers[key(cls)] = (cls, self.export(cls))

    def action(self, cls, a):
        if a is None:
            return None
        if type(a) is _TokenType:
            return str(a)
        q = a.__qualname__
        if q.startswith('bygroups.'):
            return {'bygroups': [self.action(cls, x) for x in a.__closure__[0].cell_contents]}
        if q.startswith('using.'):
            nl = inspect.getclosurevars(a).nonlocals
            other = nl.get('_other', _This())
            if isinstance(other, _This):
                name = 'this'
            else:
                name = key(other)
                self.want(other)
            stack = nl.get('gt_kwargs', {}).get('stack')
            return {'using': name, 'stack': list(stack) if stack else None, 'kwargs': enc_value(dict(nl.get('kwargs', {})))}
        # e.g. RubyLexer.gen_rubystrings_rules.<locals>.intp_regex_callback -> RubyLexer.intp_regex_callback
        parts = q.replace('.<locals>.callback', '').replace('.<locals>', '').split('.')
        cbkey = parts[0] + '.' + parts[-1]
        self.callbacks.add(cbkey)
        try:
            args = {k: enc_value(v) for k, v in inspect.getclosurevars(a).nonlocals.items()}
        except TypeError:
            args = {}
        return {'callback': cbkey, 'args': args}

    def export(self, cls):
        lx = cls(startinline=True)  # instantiation processes the token definitions
        # most derived first: the first get_tokens_unprocessed is the one Python runs
        overrides = [c.__name__ + '.' + m for c in cls.__mro__ if c not in BASE_CLASSES
                     for m in ('get_tokens_unprocessed', 'get_tokens', '__init__') if m in c.__dict__]
        out = {'overrides': overrides}
        if isinstance(lx, DelegatingLexer):
            root, lang = type(lx.root_lexer), type(lx.language_lexer)
            self.want(root)
            self.want(lang)
            out['kind'] = 'delegating'
            out['delegating'] = {'root': key(root), 'language': key(lang), 'needle': str(lx.needle)}
            return out
        if any(c.__name__ == 'ShellSessionBaseLexer' for c in cls.__mro__):
            self.want(cls._innerLexerCls)
            out['kind'] = 'shellsession'
            out['shell'] = {
                'inner': key(cls._innerLexerCls),
                'ps1': translate(cls._ps1rgx.pattern, cls._ps1rgx.flags)[:2],
                'venv': translate(cls._venv.pattern, cls._venv.flags)[:2],
                'ps2': cls._ps2, 'bare': cls._bare_continuation,
            }
            return out
        if isinstance(lx, ExtendedRegexLexer):
            out['kind'] = 'extended'
        elif isinstance(lx, RegexLexer):
            out['kind'] = 'regex'
        else:
            out['kind'] = 'other'
            return out
        regexes, index, states = [], {}, {}
        for state, rules in lx._tokens.items():
            srules = []
            for rexmatch, action, new_state in rules:
                pat = rexmatch.__self__
                rkey = (pat.pattern, pat.flags)
                if rkey not in index:
                    try:
                        src, flags, _ = translate(pat.pattern, pat.flags)
                    except Unsupported as e:
                        self.problems.append((cls.__name__, 'regex: %s: %r' % (e, pat.pattern[:80])))
                        src, flags = None, None
                    index[rkey] = len(regexes)
                    regexes.append([src, flags])
                ns = list(new_state) if isinstance(new_state, tuple) else new_state
                srules.append([index[rkey], self.action(cls, action), ns])
            states[state] = srules
        out['regexes'] = regexes
        out['states'] = states
        out['data'] = extra_data(cls)
        return out


def extra_data(cls):
    """The word lists the hand-ported get_tokens_unprocessed overrides look tokens up in."""
    names = [c.__name__ for c in cls.__mro__]
    data = {}
    if 'CFamilyLexer' in names:
        for attr in ('stdlib_types', 'c99_types', 'c11_atomic_types', 'linux_types'):
            data[attr] = sorted(getattr(cls, attr))
    if cls.__name__ == 'PhpLexer':
        from pygments.lexers._php_builtins import MODULES
        data['php_modules'] = {k: sorted(v) for k, v in MODULES.items()}
    if cls.__name__ == 'SwiftLexer':
        from pygments.lexers._cocoa_builtins import COCOA_INTERFACES, COCOA_PROTOCOLS, COCOA_PRIMITIVES
        data['cocoa'] = sorted(set(COCOA_INTERFACES) | set(COCOA_PROTOCOLS) | set(COCOA_PRIMITIVES))
    return data


def aliases_of(lexers):
    """Every alias get_lexer_by_name resolves to one of the exported classes."""
    table = {}
    for name, (cls, _) in lexers.items():
        for alias in cls.aliases:
            try:
                if find_lexer_class_by_name(alias) is cls:
                    table[alias.lower()] = name
            except pygments.util.ClassNotFound:
                pass
    return dict(sorted(table.items()))


def dist_file(name):
    import importlib.metadata
    dist = importlib.metadata.distribution('pygments')
    return dist.locate_file(next(f for f in dist.files if f.name == name)).read_text()


def write_json(path, value):
    with open(path, 'w', encoding='utf-8') as f:
        json.dump(value, f, ensure_ascii=False, separators=(',', ':'))
        f.write('\n')


def main():
    if pygments.__version__ != PINNED:
        sys.exit('run with pygments==%s (found %s)' % (PINNED, pygments.__version__))
    out_dir, aliases = sys.argv[1], sys.argv[2:]
    ex = Exporter()
    for a in aliases:
        ex.want(find_lexer_class_by_name(a))
    ex.run()
    for name, (_, table) in ex.lexers.items():
        write_json(os.path.join(out_dir, name + '.json'), table)
    write_json(os.path.join(out_dir, 'pygments.json'), {
        'version': pygments.__version__,
        'standardTypes': {str(t): c for t, c in STANDARD_TYPES.items()},
        'aliases': aliases_of(ex.lexers),
        'licence': dist_file('LICENSE'),
    })
    for name in ('LICENSE', 'AUTHORS'):
        with open(os.path.join(out_dir, name), 'w') as f:
            f.write(dist_file(name))
    for p in ex.problems:
        print('untranslatable', *p, file=sys.stderr)
    print('callbacks:', ' '.join(sorted(ex.callbacks)), file=sys.stderr)
    overrides = sorted({o for _, t in ex.lexers.values() for o in t['overrides'] if o.endswith('unprocessed')})
    print('get_tokens_unprocessed overrides:', ' '.join(overrides), file=sys.stderr)


if __name__ == '__main__':
    main()
