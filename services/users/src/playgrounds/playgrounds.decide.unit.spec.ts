import { MAX_PLAYGROUNDS, Role } from '@zulip-es/contracts';
import { aUser } from '../testing/users.fixtures';
import { decideAddPlayground } from './add-playground/add-playground.decide';
import { decideRemovePlayground } from './remove-playground/remove-playground.decide';
import { evolvePlaygrounds, noPlaygrounds, type PlaygroundEvent, type PlaygroundsState } from './playgrounds.state';

const admin = aUser({ userId: 1, role: Role.ADMINISTRATOR });
const member = aUser({ userId: 2, role: Role.MEMBER });
const given = (...events: PlaygroundEvent[]): PlaygroundsState =>
  events.reduce((state, event, i) => evolvePlaygrounds(state, event, i + 1), noPlaygrounds());
const added = (id: number, name = 'Python playground', pygmentsLanguage = 'Python'): PlaygroundEvent => ({
  type: 'playground.added.v1',
  data: { playgroundId: id, name, pygmentsLanguage, urlTemplate: 'https://python.example.com?code={code}' },
});
const add = (params: Partial<{ name: string; pygments_language: string; url_template: string }>, playgrounds = given(), actor = admin) =>
  decideAddPlayground(
    { name: 'Python playground', pygments_language: 'Python', url_template: 'https://python.example.com?code={code}', ...params },
    { actor, playgrounds },
  );
const refusal = (msg: string, errors?: Record<string, string[]>) =>
  expect.objectContaining({ code: 'BAD_REQUEST', msg, ...(errors && { extra: { errors } }) });

describe('code playgrounds', () => {
  it('adds a stripped playground with the next id, never reusing a removed one', () => {
    const state = given(added(1), added(2, 'Other'), { type: 'playground.removed.v1', data: { playgroundId: 2 } });
    expect(add({ name: ' Rust ', pygments_language: ' Rust ', url_template: ' https://play.rust-lang.org/?code={code} ' }, state)).toEqual([
      {
        type: 'playground.added.v1',
        aggregateId: 'playgrounds',
        sequence: 4,
        data: { playgroundId: 3, name: 'Rust', pygmentsLanguage: 'Rust', urlTemplate: 'https://play.rust-lang.org/?code={code}' },
      },
    ]);
  });

  it('refuses a member: administrators configure playgrounds', () => {
    expect(() => add({}, given(), member)).toThrow(expect.objectContaining({ code: 'UNAUTHORIZED_PRINCIPAL' }));
  });

  it.each([
    ['characters a language cannot have', { pygments_language: 'a$b$c' }, 'Invalid characters in pygments language', undefined],
    [
      'a language with an inner space',
      { pygments_language: 'py thon' },
      'Invalid characters in pygments language',
      { pygments_language: ['Invalid characters in pygments language'] },
    ],
    ['a blank name', { name: '  ' }, 'This field cannot be blank.', { name: ['This field cannot be blank.'] }],
    [
      'an invalid URL template',
      { url_template: 'https://x.example/{code' },
      'Invalid URL template.',
      { url_template: ['Invalid URL template.'] },
    ],
    [
      'a template without code',
      { url_template: 'https://x.example/{src}' },
      'Missing the required variable "code" in the URL template',
      { __all__: ['Missing the required variable "code" in the URL template'] },
    ],
    [
      'a template with another variable',
      { url_template: 'https://x.example/{code}/{x}' },
      '"code" should be the only variable present in the URL template',
      { __all__: ['"code" should be the only variable present in the URL template'] },
    ],
  ])("refuses %s with Zulip's message", (_what, params, msg, errors) => {
    expect(() => add(params)).toThrow(refusal(msg, errors));
  });

  it('refuses a second playground with the same language and name, and takes another name', () => {
    const state = given(added(1));
    expect(() => add({}, state)).toThrow(refusal('Realm playground with this Realm, Pygments language and Name already exists.'));
    expect(add({ name: 'Python playground 2' }, state)).toHaveLength(1);
  });

  it(`refuses a playground past ${MAX_PLAYGROUNDS}`, () => {
    const state = given(...Array.from({ length: MAX_PLAYGROUNDS }, (_, i) => added(i + 1, `p${i}`)));
    expect(() => add({ name: 'one more' }, state)).toThrow(expect.objectContaining({ code: 'BAD_REQUEST' }));
  });

  it('removes a playground, and refuses an id the organization does not have', () => {
    const state = given(added(1));
    expect(decideRemovePlayground({ playground_id: 1 }, { actor: admin, playgrounds: state })).toEqual([
      { type: 'playground.removed.v1', aggregateId: 'playgrounds', sequence: 2, data: { playgroundId: 1 } },
    ]);
    expect(() => decideRemovePlayground({ playground_id: 2 }, { actor: admin, playgrounds: state })).toThrow(refusal('Invalid playground'));
    expect(() => decideRemovePlayground({ playground_id: 1 }, { actor: member, playgrounds: state })).toThrow(
      expect.objectContaining({ code: 'UNAUTHORIZED_PRINCIPAL' }),
    );
  });
});
