import net from 'node:net';

/**
 * A TCP proxy in front of a real service (PostgreSQL, Redis) that can be paused: while paused it
 * accepts connections and keeps every byte in both directions to itself, so the service looks
 * connected but silent (a hung server, a network that drops packets). `resume` delivers what was held.
 */
export interface TcpProxy {
  port: number;
  /** `target` with its host and port replaced by the proxy's, e.g. a database URL. */
  urlFor(target: string): string;
  pause(): void;
  resume(): void;
  close(): Promise<void>;
}

interface Direction {
  to: net.Socket;
  held: Buffer[];
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let paused = false;
  const directions = new Set<Direction>();
  const sockets = new Set<net.Socket>();

  const forward = (from: net.Socket, to: net.Socket) => {
    const direction: Direction = { to, held: [] };
    directions.add(direction);
    from.on('data', (chunk) => (paused ? direction.held.push(chunk) : to.write(chunk)));
    from.on('close', () => {
      directions.delete(direction);
      to.destroy();
    });
    from.on('error', () => to.destroy());
  };

  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    port,
    urlFor(targetUrl) {
      const url = new URL(targetUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    pause: () => (paused = true),
    resume() {
      paused = false;
      for (const direction of directions) {
        for (const chunk of direction.held.splice(0)) direction.to.write(chunk);
      }
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
