/**
 * Zulip's `event_queue_longpoll_timeout_seconds`: how long a client should let `GET /events` run
 * before it gives up on the request. A long poll here answers within the heartbeat period
 * (`EVENT_HEARTBEAT_MS`) at the latest; clients are told twice that, as Zulip tells 90 s for its
 * 45 s heartbeats, so that a slow answer is not cut off.
 */
export const longpollTimeoutSeconds = (heartbeatMs: number): number => 2 * Math.ceil(heartbeatMs / 1000);
