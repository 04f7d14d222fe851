export * from './event-queues';
export * from './narrow';
export * from './queue-waker';
