import { sanitizeFileName, uploadedFileName } from './sanitize-file-name';

describe("the file name in an upload's URL (Zulip's sanitize_name)", () => {
  it.each([
    ['zulip.txt', 'zulip.txt'],
    ['my report (final).pdf', 'my-report-final.pdf'],
    ['../../etc/passwd', '....etcpasswd'],
    ['[link](x).png', 'linkx.png'],
    ['  spaced   out - name .md ', 'spaced-out-name-.md'],
    ['Überraschung ünïcödé.txt', 'Überraschung-ünïcödé.txt'],
    ['日本語のファイル.png', '日本語のファイル.png'],
    ['ﬁle.txt', 'file.txt'],
    ['snake_case-and.dots', 'snake_case-and.dots'],
  ])('%j becomes %j', (name, sanitized) => {
    expect(sanitizeFileName(name)).toBe(sanitized);
  });

  it.each(['', '   ', '.', '..', '///', '[]()'])('%j becomes uploaded-file', (name) => {
    expect(sanitizeFileName(name)).toBe('uploaded-file');
  });
});

describe('the name recorded for an upload', () => {
  it("is the client's file name, URL-decoded", () => {
    expect(uploadedFileName('my%20file%E2%9C%94.txt')).toBe('my file✔.txt');
    expect(uploadedFileName('plain name.txt')).toBe('plain name.txt');
  });

  it('keeps an escape that does not decode', () => {
    expect(uploadedFileName('100%.txt')).toBe('100%.txt');
    expect(uploadedFileName('bad%E2%9C.txt')).toBe('bad%E2%9C.txt');
  });
});
