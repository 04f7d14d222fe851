import { isMessageTooLarge } from './message-too-large';

const protocolError = (type: string) =>
  Object.assign(new Error('The request included a message larger than the max message size the server will accept'), {
    name: 'KafkaJSProtocolError',
    type,
  });

describe('a send the broker refused as too large', () => {
  it('is told by the protocol error, also when kafkajs wraps it', () => {
    expect(isMessageTooLarge(protocolError('MESSAGE_TOO_LARGE'))).toBe(true);
    const wrapped = Object.assign(
      new Error('The request included a message larger than the max message size the server will accept', {
        cause: protocolError('MESSAGE_TOO_LARGE'),
      }),
      { name: 'KafkaJSNonRetriableError' },
    );
    expect(isMessageTooLarge(wrapped)).toBe(true);
  });

  it('is not any other failure', () => {
    expect(isMessageTooLarge(protocolError('NOT_LEADER_FOR_PARTITION'))).toBe(false);
    expect(isMessageTooLarge(new Error('boom'))).toBe(false);
    expect(isMessageTooLarge(undefined)).toBe(false);
  });
});
