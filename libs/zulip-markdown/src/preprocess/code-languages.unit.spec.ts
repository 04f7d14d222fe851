import { codeLanguageName } from './code-languages';

describe("code block language names (Pygments' lexer names)", () => {
  it.each([
    ['python', 'Python'],
    ['py', 'Python'],
    ['py2', 'Python 2.x'],
    ['js', 'JavaScript'],
    ['javascript', 'JavaScript'],
    ['c++', 'C++'],
    ['c#', 'C#'],
    ['css+php', 'CSS+PHP'],
    ['sh', 'Bash'],
    ['console', 'Bash Session'],
    ['r', 'S'],
    ['tex', 'TeX'],
    ['latex', 'TeX'],
    ['text', 'Text only'],
    ['capnp', "Cap'n Proto"],
  ])('canonicalizes the alias %s to %s', (alias, name) => {
    expect(codeLanguageName(alias)).toBe(name);
  });

  it('looks aliases up case-insensitively', () => {
    expect(codeLanguageName('PyThOn')).toBe('Python');
  });

  it('keeps a language Pygments does not know, lower-cased', () => {
    expect(codeLanguageName('InventedLanguage')).toBe('inventedlanguage');
    // Not Pygments aliases, though people write them.
    expect(codeLanguageName('yml')).toBe('yml');
    expect(codeLanguageName('txt')).toBe('txt');
    expect(codeLanguageName('none')).toBe('none');
  });
});
