import { dummyEmail, dummyEmailUserId, fakeEmailDomain } from './dummy-email';

describe('dummy email addresses', () => {
  it('use the organization host without its port, which an email address cannot hold', () => {
    expect(fakeEmailDomain('127.0.0.1:9991')).toBe('127.0.0.1');
    expect(fakeEmailDomain('Chat.Example.com')).toBe('chat.example.com');
    expect(dummyEmail(5, 'chat.example.com:8443')).toBe('user5@chat.example.com');
  });

  it('name their user only under this organization domain', () => {
    expect(dummyEmailUserId('user42@chat.example.com', 'chat.example.com:9991')).toBe(42);
    expect(dummyEmailUserId('User42@CHAT.example.com', 'chat.example.com')).toBe(42);
    expect(dummyEmailUserId('user42@chat.example.com:9991', 'chat.example.com:9991')).toBeNull();
    expect(dummyEmailUserId('user42@chatxexample.com', 'chat.example.com')).toBeNull();
    expect(dummyEmailUserId('user42@other.org', 'chat.example.com')).toBeNull();
    expect(dummyEmailUserId('alice@chat.example.com', 'chat.example.com')).toBeNull();
    expect(dummyEmailUserId('user42@x@chat.example.com', 'chat.example.com')).toBeNull();
  });
});
