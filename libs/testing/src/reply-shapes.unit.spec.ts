import {
  getOwnUser,
  getUser,
  getUserByEmail,
  sendMessage,
  updateMessageFlags,
  checkMessagesMatchNarrow,
  updateNavigationView,
} from '@zulip-es/contracts';
import { checkReplyShape, operationAt, replyShapeProblem } from './reply-shapes';

const ownUser = {
  user_id: 8,
  delivery_email: 'iago@example.com',
  email: 'iago@example.com',
  full_name: 'Iago',
  date_joined: '2025-01-01T00:00+00:00',
  is_active: true,
  is_owner: false,
  is_admin: true,
  is_guest: false,
  is_bot: false,
  role: 200,
  timezone: '',
  avatar_url: null,
  avatar_version: 1,
  max_message_id: 30,
};

describe('the operation a request reaches', () => {
  it('is found by method and path as the gateway routes them: literal segments first, numeric parameters only for digits', () => {
    expect(operationAt('GET', '/users/me')).toBe(getOwnUser);
    expect(operationAt('GET', '/users/12')).toBe(getUser);
    expect(operationAt('GET', '/users/iago@example.com')).toBe(getUserByEmail);
    expect(operationAt('POST', '/messages/flags')).toBe(updateMessageFlags);
    expect(operationAt('GET', '/messages/matches_narrow?msg_ids=[1]&narrow=[]')).toBe(checkMessagesMatchNarrow);
    expect(operationAt('PATCH', '/navigation_views/narrow%2Fis%2Fstarred')).toBe(updateNavigationView);
  });

  it('is none for a path or method no operation serves', () => {
    expect(operationAt('GET', '/events')).toBeUndefined();
    expect(operationAt('PUT', '/users/me')).toBeUndefined();
  });
});

describe('checking a success body against its operation reply shape', () => {
  it('accepts the fields Zulip answers beside the envelope the gateway adds', () => {
    const body = { result: 'success', msg: '', ignored_parameters_unsupported: ['foo'], ...ownUser };
    expect(replyShapeProblem(getOwnUser, body)).toBeUndefined();
  });

  it('refuses a missing field and a wrong type, naming the operation and each issue', () => {
    const { user_id: _missing, ...withoutId } = ownUser;
    const problem = replyShapeProblem(getOwnUser, { result: 'success', msg: '', ...withoutId, is_admin: 'yes' });
    expect(problem).toContain('GET /users/me (user.get_own)');
    expect(problem).toMatch(/user_id/);
    expect(problem).toMatch(/is_admin/);
  });

  it('refuses a field Zulip does not answer where the reply is exact', () => {
    expect(replyShapeProblem(sendMessage, { result: 'success', msg: '', id: 3, rendered: '<p>hi</p>' })).toMatch(/rendered/);
  });

  it('refuses a body whose envelope is not a success', () => {
    expect(replyShapeProblem(sendMessage, { result: 'error', msg: 'x', id: 3 })).toMatch(/envelope/);
  });

  it('throws for a 2xx answer of the wrong shape, and leaves errors and unknown paths alone', () => {
    expect(() => checkReplyShape('POST', '/messages', 200, { result: 'success', msg: '' })).toThrow(
      /POST \/messages \(message.send\)[\s\S]*id/,
    );
    expect(checkReplyShape('POST', '/messages', 400, { result: 'error', msg: 'Invalid', code: 'BAD_REQUEST' })).toBeUndefined();
    expect(checkReplyShape('GET', '/events', 200, { result: 'success', msg: '', events: [] })).toBeUndefined();
    expect(checkReplyShape('POST', '/messages', 200, { result: 'success', msg: '', id: 3 })).toBe(sendMessage);
  });
});
