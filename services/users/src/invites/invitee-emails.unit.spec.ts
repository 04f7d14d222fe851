import { parseInviteeEmails } from './invitee-emails';

describe('invitee email list', () => {
  it('splits on commas and newlines and strips each address', () => {
    expect(parseInviteeEmails(' a@example.com,b@example.com\n  c@example.com  ')).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
    ]);
  });

  it('takes the address out of "Name <addr>"', () => {
    expect(parseInviteeEmails('Ada Lovelace <ada@example.com>, Bob <bob@example.com>')).toEqual(['ada@example.com', 'bob@example.com']);
  });

  it('collapses exact duplicates, keeping the first position', () => {
    expect(parseInviteeEmails('a@example.com, b@example.com, A <a@example.com>\na@example.com')).toEqual([
      'a@example.com',
      'b@example.com',
    ]);
  });

  it('skips blank entries', () => {
    expect(parseInviteeEmails(',, \n a@example.com ,\n\n')).toEqual(['a@example.com']);
    expect(parseInviteeEmails(' , \n ')).toEqual([]);
  });

  it('keeps entries that are not addresses, for validation to report', () => {
    expect(parseInviteeEmails('not-an-address, a@example.com')).toEqual(['not-an-address', 'a@example.com']);
  });
});
