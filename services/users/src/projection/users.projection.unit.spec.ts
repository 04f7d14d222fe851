import type { UsersRepository } from './users.repository';
import { UsersProjection } from './users.projection';

describe('users projection', () => {
  it('has a projector for every users event type', () => {
    expect(new UsersProjection({} as UsersRepository).unhandledTypes()).toEqual([]);
  });
});
