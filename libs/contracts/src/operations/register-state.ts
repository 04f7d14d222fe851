import { registerQueue } from './server';

/**
 * Not REST operations: for `POST /register`, the gateway asks each service that holds part of
 * the initial state for it (a query keyed `user:<id>`, with the register parameters as data),
 * beside `realm.register` to the users service, and merges the answers.
 */
export const REGISTER_STATE_TYPES = { messages: 'messages.register_state', push: 'push.register_state' } as const;
export const RegisterStateParams = registerQueue.params;
