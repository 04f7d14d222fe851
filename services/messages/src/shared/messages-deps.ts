import type { MessagesRepository } from '../projection/messages.repository';
import type { UsersReadModel } from '../users-read-model/users-read-model';

/** What every messages handler works with: the own projection and the copy of the users domain. */
export interface MessagesDeps {
  repo: MessagesRepository;
  users: UsersReadModel;
}
