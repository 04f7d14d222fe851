"""Rewrite the expected HTML of the highlighting golden tests (src/highlight/testdata/golden.json) with what Zulip's
pipeline makes of each block: Python-Markdown's CodeHilite as Zulip configures it, Pygments, and Zulip's lxml step
that adds data-code-language. Fenced blocks go through Zulip's `format_code` (its CodeHilite subclass keeps header
lines), indented blocks through Python-Markdown's own CodeHilite tree processor.

Usage (same venv as export_lexers.py, plus markdown and lxml): python golden.py path/to/golden.json
"""
import json
import re
import sys

import lxml.html
import markdown
import pygments
from markdown.extensions import codehilite
from markdown.extensions.codehilite import parse_hl_lines
from pygments.lexers import find_lexer_class_by_name
from pygments.util import ClassNotFound

# Zulip: codehilite.makeExtension(linenums=False, guess_lang=False)
CONFIG = dict(linenums=False, guess_lang=False, css_class='codehilite', pygments_style='default', noclasses=False,
              use_pygments=True)


class ZulipCodeHilite(codehilite.CodeHilite):
    """zerver/lib/markdown/fenced_code.py: the header line stays in the code."""

    def _parseHeader(self):
        lines = self.src.split('\n')
        c = re.compile(r'''
            (?:(?:^::+)|(?P<shebang>^[#]!)) # Shebang or 2 or more colons
            (?P<path>(?:/\w+)*[/ ])?        # Zero or 1 path
            (?P<lang>[\w#.+-]*)             # The language
            \s*                             # Arbitrary whitespace
            (hl_lines=(?P<quot>"|')(?P<hl_lines>.*?)(?P=quot))?
            ''', re.VERBOSE)
        m = c.search(lines[0])
        if m:
            self.lang = m.group('lang').lower()
            if self.options['linenos'] is None and m.group('shebang'):
                self.options['linenos'] = True
            self.options['hl_lines'] = parse_hl_lines(m.group('hl_lines'))
        self.src = '\n'.join(lines).strip('\n')


def fenced(code, lang):
    """Zulip's FencedBlockPreprocessor.format_code (without the trailing newline lxml keeps)."""
    html = ZulipCodeHilite(code, lang=lang or None, startinline=True, **CONFIG).hilite().rstrip('\n')
    if lang:
        div = lxml.html.fromstring(html)
        try:
            name = find_lexer_class_by_name(lang).name
        except ClassNotFound:
            name = lang
        div.attrib['data-code-language'] = name
        html = lxml.html.tostring(div, encoding='unicode')
    return html.rstrip('\n')


def indented(code):
    """Python-Markdown's HiliteTreeprocessor."""
    return codehilite.CodeHilite(code, tab_length=4, **CONFIG).hilite().rstrip('\n')


def main(path):
    with open(path, encoding='utf-8') as f:
        golden = json.load(f)
    golden['pygments'] = pygments.__version__
    golden['markdown'] = markdown.__version__
    for block in golden['fenced']:
        block['html'] = fenced(block['code'], block['language'])
    for block in golden['indented']:
        block['html'] = indented(block['code'])
    with open(path, 'w', encoding='utf-8') as f:
        json.dump(golden, f, ensure_ascii=False, indent=1)
        f.write('\n')


if __name__ == '__main__':
    main(sys.argv[1])
