import { doInsertions, type Insertion } from './delegating';
import type { Lexer } from './lexer';
import type { Token } from './lexer-table';

/**
 * ShellSessionBaseLexer (pygments/lexers/shell.py), for `console` blocks: prompt lines (and their backslash
 * continuations) are shell code for the inner lexer, with the prompts inserted back; other lines are output.
 */
export function shellSessionTokens(lexer: Lexer, text: string): Token[] {
  const shell = lexer.table.shell;
  if (shell === undefined) throw new Error(`${lexer.className} has no shell session table`);
  const inner = lexer.other(shell.inner, lexer.options);
  // sticky, from 0: Python's pattern.match(line)
  const prompt = new RegExp(shell.ps1[0], `${shell.ps1[1]}y`);
  const virtualEnv = new RegExp(shell.venv[0], `${shell.venv[1]}y`);
  const out: Token[] = [];
  let pos = 0;
  let code = '';
  let insertions: Insertion[] = [];
  let backslashContinuation = false;
  const flush = (): void => {
    const tokens: Token[] = [];
    doInsertions(insertions, inner.tokensUnprocessed(code), tokens);
    for (const [i, type, value] of tokens) out.push([pos + i, type, value]);
  };
  const continuationPrompt = (line: string): void => {
    insertions.push([code.length, [[0, 'Token.Generic.Prompt', line.slice(0, shell.ps2.length)]]]);
    code += line.slice(shell.ps2.length);
  };
  // Python's line_re, ".*?\n": a last line without a newline is dropped (the lexed text always ends with one)
  const lineRe = /[^\n]*\n/g;
  for (let lineMatch = lineRe.exec(text); lineMatch !== null; lineMatch = lineRe.exec(text)) {
    let line = lineMatch[0];
    virtualEnv.lastIndex = 0;
    const venv = virtualEnv.exec(line);
    if (venv !== null) {
      insertions.push([code.length, [[0, 'Token.Generic.Prompt.VirtualEnv', venv[1] ?? '']]]);
      if (venv[2]) insertions.push([code.length, [[0, 'Token.Text', venv[2]]]]);
      line = line.slice(venv[0].length);
    }
    prompt.lastIndex = 0;
    const ps1 = prompt.exec(line);
    if (ps1 !== null) {
      if (insertions.length === 0) pos = lineMatch.index;
      insertions.push([code.length, [[0, 'Token.Generic.Prompt', ps1[1] ?? '']]]);
      code += ps1[2] ?? '';
      backslashContinuation = code.endsWith('\\\n');
    } else if (backslashContinuation) {
      if (line.startsWith(shell.ps2)) continuationPrompt(line);
      else code += line;
      backslashContinuation = code.endsWith('\\\n');
    } else if (shell.bare && line.startsWith(shell.ps2)) {
      continuationPrompt(line);
    } else {
      if (insertions.length > 0) flush();
      out.push([lineMatch.index, 'Token.Generic.Output', line]);
      insertions = [];
      code = '';
    }
  }
  if (insertions.length > 0) flush();
  return out;
}
