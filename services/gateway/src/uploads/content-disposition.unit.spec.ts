import { contentDisposition } from './content-disposition';

describe("the Content-Disposition of a served upload (Zulip's patch_disposition_header)", () => {
  it('shows images, PDFs and plain text in place, and offers everything else as a download', () => {
    expect(contentDisposition('1/ab/x/cat.png', 'image/png', false)).toBe('inline; filename="cat.png"');
    expect(contentDisposition('1/ab/x/notes.txt', 'text/plain; charset=utf-8', false)).toBe('inline; filename="notes.txt"');
    expect(contentDisposition('1/ab/x/page.html', 'text/html', false)).toBe('attachment; filename="page.html"');
    expect(contentDisposition('1/ab/x/logo.svg', 'image/svg+xml', false)).toBe('attachment; filename="logo.svg"');
  });

  it('is a download when one was asked for', () => {
    expect(contentDisposition('1/ab/x/cat.png', 'image/png', true)).toBe('attachment; filename="cat.png"');
  });

  it('escapes quotes and backslashes of an ASCII name, and percent-encodes any other', () => {
    expect(contentDisposition('1/ab/x/a"b\\c.txt', 'text/plain', false)).toBe('inline; filename="a\\"b\\\\c.txt"');
    expect(contentDisposition("1/ab/x/Überraschung(1)'.pdf", 'application/pdf', false)).toBe(
      "inline; filename*=utf-8''%C3%9Cberraschung%281%29%27.pdf",
    );
  });
});
