import type { MessagesRepository } from './messages.repository';
import { MessagesProjection } from './messages.projection';

describe('messages projection', () => {
  it('has a projector for every messages event type', () => {
    expect(new MessagesProjection({} as MessagesRepository).unhandledTypes()).toEqual([]);
  });
});
