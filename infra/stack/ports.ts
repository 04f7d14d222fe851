/** Whether a TCP port can still be bound, to refuse starting next to a foreign server. */
import * as net from 'node:net';
import { dataDir } from './paths';

export function portIsFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** Throws a clear error when one of the ports is taken by a process this stack did not start. */
export async function assertPortsFree(part: string, ports: { host: string; port: number }[]): Promise<void> {
  for (const { host, port } of ports) {
    if (!(await portIsFree(host, port))) {
      throw new Error(
        `${part}: port ${port} on ${host} is in use by a process this stack (data dir ${dataDir()}) did not start: ` +
          `another stack, or a service? Stop it, or choose other ports through the environment (infra/README.md).`,
      );
    }
  }
}
