import RequestQueue from 'kafkajs/src/network/requestQueue';

/**
 * kafkajs 2.2.4, its last release, re-arms a timer on every broker connection after each answer,
 * whether a request waits or not (kafkajs#1556; the fix proposed in kafkajs#1667 was never
 * released). With nothing waiting the delay is negative, so the timer fires every millisecond
 * for as long as the connection lives: about 4 % of a core per idle service (half its idle CPU),
 * and with seven processes on two cores that CPU was missing from every request.
 *
 * Replaced here, before any client is made: a check is armed only while requests wait (for the
 * end of a broker's throttle, or for an in-flight slot), as in kafkajs#1667. Requests that need no
 * wait are sent when pushed, and an answer or a timeout checks the waiting ones anyway. The unit
 * tests run the installed kafkajs queue, so a release that changes it fails them.
 */
export function fixKafkaRequestQueue(): void {
  RequestQueue.prototype.scheduleCheckPendingRequests = scheduleCheckPendingRequests;
}

/** kafkajs's own delay between checks when requests wait for an in-flight slot. */
const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;

function scheduleCheckPendingRequests(this: RequestQueue): void {
  if (this.throttleCheckTimeoutId || this.pending.length === 0) return;
  const untilUnthrottled = this.throttledUntil - Date.now();
  this.throttleCheckTimeoutId = setTimeout(
    () => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    },
    untilUnthrottled > 0 ? untilUnthrottled : CHECK_PENDING_REQUESTS_INTERVAL_MS,
  );
}
