import { ClientProxy, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { lastValueFrom } from 'rxjs';
import type { CommandEnvelope, Reply } from '@zulip-es/contracts';
import type { RequestClient } from '../kafka/request-client';

/**
 * A Nest microservice client over the services' commands topics: `send(topic, envelope)` is
 * the request client's exchange (this instance's own reply topic, matched by command id, with
 * the envelope's deadline; see RequestClient), as an observable of the service's reply.
 */
export class CommandClient extends ClientProxy {
  private connecting?: Promise<void>;

  constructor(private readonly requests: RequestClient) {
    super();
  }

  /** Where the services send this instance's replies. */
  get replyTo(): string {
    return this.requests.replyTo;
  }

  connect(): Promise<void> {
    return (this.connecting ??= this.requests.start());
  }

  async close(): Promise<void> {
    await this.requests.stop();
  }

  /** Sends `envelope` to the commands topic `topic` and resolves with the reply (see RequestClient.request). */
  request(topic: string, envelope: CommandEnvelope): Promise<Reply> {
    return lastValueFrom(this.send<Reply, CommandEnvelope>(topic, envelope));
  }

  unwrap<T>(): T {
    return this.requests as T;
  }

  protected publish(packet: ReadPacket<CommandEnvelope>, callback: (packet: WritePacket<Reply>) => void): () => void {
    this.requests.request(packet.pattern as string, packet.data).then(
      (response) => callback({ response, isDisposed: true }),
      (err: unknown) => callback({ err, isDisposed: true }),
    );
    // A reply that comes after its subscriber has gone is dropped by the request client's deadline.
    return () => undefined;
  }

  /** Commands always want their reply (an event-style send would lose its outcome). */
  protected dispatchEvent(): Promise<never> {
    return Promise.reject(new Error('commands are sent with send(), which waits for their reply'));
  }
}
