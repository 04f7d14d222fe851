import RequestQueue from 'kafkajs/src/network/requestQueue';
import { fixKafkaRequestQueue } from './request-queue-fix';

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

const requestQueue = (maxInFlightRequests: number | null) =>
  new RequestQueue({
    maxInFlightRequests,
    requestTimeout: 30_000,
    enforceRequestTimeout: false,
    clientId: 'test',
    broker: 'localhost:9092',
    logger: silent,
  });

/** A request that records when the connection writes it, answered by `fulfillRequest`. */
function request(correlationId: number, sent: number[]) {
  const entry = { correlationId, apiName: 'Fetch', apiKey: 1, apiVersion: 11, resolve: () => undefined, reject: () => undefined };
  return { entry, expectResponse: true, sendRequest: () => sent.push(correlationId) };
}

const answer = (correlationId: number) => ({ correlationId, payload: Buffer.alloc(0), size: 0 });

describe("kafkajs's request queue, fixed", () => {
  beforeAll(() => fixKafkaRequestQueue());
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('keeps no timer once every request of an idle connection is answered', () => {
    const queue = requestQueue(null);
    const sent: number[] = [];
    queue.push(request(1, sent));
    queue.fulfillRequest(answer(1));
    // kafkajs 2.2.4 as released re-arms a 1 ms timer here, forever.
    expect(jest.getTimerCount()).toBe(0);
    expect(sent).toEqual([1]);
    queue.destroy();
  });

  it('sends a request held by the in-flight limit as soon as the one before is answered', () => {
    const queue = requestQueue(1);
    const sent: number[] = [];
    queue.push(request(1, sent));
    queue.push(request(2, sent));
    expect(sent).toEqual([1]);
    queue.fulfillRequest(answer(1));
    expect(sent).toEqual([1, 2]);
    queue.fulfillRequest(answer(2));
    // The check armed while request 2 waited runs once, finds nothing waiting, and arms no other.
    jest.advanceTimersByTime(10);
    expect(jest.getTimerCount()).toBe(0);
    queue.destroy();
  });

  it('sends a request held by a broker throttle when the throttle ends, and then keeps no timer', () => {
    const queue = requestQueue(null);
    const sent: number[] = [];
    queue.maybeThrottle(50);
    queue.push(request(1, sent));
    jest.advanceTimersByTime(49);
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(sent).toEqual([1]);
    queue.fulfillRequest(answer(1));
    expect(jest.getTimerCount()).toBe(0);
    queue.destroy();
  });
});
