import { uploadPathIds } from './upload-links';

const P = '2/ab/AAAAAAAAAAAAAAAAAAAAAAAA/a%20b.txt';

describe('the upload links of a message (Zulip potential_attachment_path_ids)', () => {
  it('finds Markdown link targets relative to the server, with or without angle brackets, each once in order', () => {
    expect(uploadPathIds(`[b](/user_uploads/2/cd/x/b.txt) [a](</user_uploads/${P}>) [b again](/user_uploads/2/cd/x/b.txt)`, null)).toEqual([
      '2/cd/x/b.txt',
      P,
    ]);
  });

  it('ends a path at a query, a fragment or a closing bracket', () => {
    expect(uploadPathIds(`[a](/user_uploads/${P}?x=1) [c](/user_uploads/2/c.txt#top)`, 'h.example')).toEqual([P, '2/c.txt']);
  });

  it("takes absolute links only on the realm's own host", () => {
    expect(uploadPathIds(`https://h.example/user_uploads/${P} https://other.example/user_uploads/2/z.txt`, 'h.example')).toEqual([P]);
    expect(uploadPathIds(`https://h.example/user_uploads/${P}`, null)).toEqual([]);
  });
});
