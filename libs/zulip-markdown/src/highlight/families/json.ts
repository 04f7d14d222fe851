import type { Token } from '../lexer-table';

/**
 * JsonLexer (pygments/lexers/data.py) is not a RegexLexer but a hand-written character state machine (tolerating
 * comments, marking object keys as Name.Tag once the `:` after them is seen); this is its transcription, kept in
 * Python's shape so that it can be compared with it line by line.
 */
export function jsonTokens(text: string): Token[] {
  const out: Token[] = [];
  const integers = '-0123456789';
  const floats = '.eE+';
  const constants = 'truefalsenull';
  const hexadecimals = '0123456789abcdefABCDEF';
  const punctuations = '{}[],';
  const whitespaces = ' \n\r\t';
  let inString = false;
  let inEscape = false;
  let inUnicodeEscape = 0;
  let inWhitespace = false;
  let inConstant = false;
  let inNumber = false;
  let inFloat = false;
  let inPunctuation = false;
  let inCommentSingle = false;
  let inCommentMultiline = false;
  let expectingSecondCommentOpener = false;
  let expectingSecondCommentCloser = false;
  let start = 0;
  const queue: Token[] = [];
  const flush = (): void => {
    for (const q of queue) out.push(q);
    queue.length = 0;
  };
  // iterate by code point like Python's enumerate(str); positions are code-unit offsets
  for (let stop = 0; stop < text.length;) {
    const character = String.fromCodePoint(text.codePointAt(stop) ?? 0);
    const next = stop + character.length;
    let fallthrough = true;
    if (inString) {
      if (inUnicodeEscape) {
        if (hexadecimals.includes(character)) {
          inUnicodeEscape -= 1;
          if (!inUnicodeEscape) inEscape = false;
        } else {
          inUnicodeEscape = 0;
          inEscape = false;
        }
      } else if (inEscape) {
        if (character === 'u') inUnicodeEscape = 4;
        else inEscape = false;
      } else if (character === '\\') {
        inEscape = true;
      } else if (character === '"') {
        queue.push([start, 'Token.Literal.String.Double', text.slice(start, next)]);
        inString = false;
        inEscape = false;
        inUnicodeEscape = 0;
      }
      fallthrough = false;
    } else if (inWhitespace) {
      if (whitespaces.includes(character)) fallthrough = false;
      else {
        if (queue.length) queue.push([start, 'Token.Text.Whitespace', text.slice(start, stop)]);
        else out.push([start, 'Token.Text.Whitespace', text.slice(start, stop)]);
        inWhitespace = false;
      }
    } else if (inConstant) {
      if (constants.includes(character)) fallthrough = false;
      else {
        out.push([start, 'Token.Keyword.Constant', text.slice(start, stop)]);
        inConstant = false;
      }
    } else if (inNumber) {
      if (integers.includes(character)) fallthrough = false;
      else if (floats.includes(character)) {
        inFloat = true;
        fallthrough = false;
      } else {
        out.push([start, inFloat ? 'Token.Literal.Number.Float' : 'Token.Literal.Number.Integer', text.slice(start, stop)]);
        inNumber = false;
        inFloat = false;
      }
    } else if (inPunctuation) {
      if (punctuations.includes(character)) fallthrough = false;
      else {
        out.push([start, 'Token.Punctuation', text.slice(start, stop)]);
        inPunctuation = false;
      }
    } else if (inCommentSingle) {
      if (character !== '\n') fallthrough = false;
      else {
        if (queue.length) queue.push([start, 'Token.Comment.Single', text.slice(start, stop)]);
        else out.push([start, 'Token.Comment.Single', text.slice(start, stop)]);
        inCommentSingle = false;
      }
    } else if (inCommentMultiline) {
      if (character === '*') expectingSecondCommentCloser = true;
      else if (expectingSecondCommentCloser) {
        expectingSecondCommentCloser = false;
        if (character === '/') {
          if (queue.length) queue.push([start, 'Token.Comment.Multiline', text.slice(start, next)]);
          else out.push([start, 'Token.Comment.Multiline', text.slice(start, next)]);
          inCommentMultiline = false;
        }
      }
      fallthrough = false;
    } else if (expectingSecondCommentOpener) {
      expectingSecondCommentOpener = false;
      if (character === '/') {
        inCommentSingle = true;
        fallthrough = false;
      } else if (character === '*') {
        inCommentMultiline = true;
        fallthrough = false;
      } else {
        flush();
        out.push([start, 'Token.Error', text.slice(start, stop)]);
      }
    }
    if (fallthrough) {
      start = stop;
      if (character === '"') inString = true;
      else if (whitespaces.includes(character)) inWhitespace = true;
      else if (character === 'f' || character === 'n' || character === 't') {
        flush();
        inConstant = true;
      } else if (integers.includes(character)) {
        flush();
        inNumber = true;
      } else if (character === ':') {
        for (const [s, t, v] of queue) out.push([s, t === 'Token.Literal.String.Double' ? 'Token.Name.Tag' : t, v]);
        queue.length = 0;
        inPunctuation = true;
      } else if (punctuations.includes(character)) {
        flush();
        inPunctuation = true;
      } else if (character === '/') {
        expectingSecondCommentOpener = true;
      } else {
        flush();
        out.push([start, 'Token.Error', character]);
      }
    }
    stop = next;
  }
  flush();
  const rest = text.slice(start);
  if (inString) out.push([start, 'Token.Error', rest]);
  else if (inFloat) out.push([start, 'Token.Literal.Number.Float', rest]);
  else if (inNumber) out.push([start, 'Token.Literal.Number.Integer', rest]);
  else if (inConstant) out.push([start, 'Token.Keyword.Constant', rest]);
  else if (inWhitespace) out.push([start, 'Token.Text.Whitespace', rest]);
  else if (inPunctuation) out.push([start, 'Token.Punctuation', rest]);
  else if (inCommentSingle) out.push([start, 'Token.Comment.Single', rest]);
  else if (inCommentMultiline) out.push([start, 'Token.Error', rest]);
  else if (expectingSecondCommentOpener) out.push([start, 'Token.Error', rest]);
  return out;
}
