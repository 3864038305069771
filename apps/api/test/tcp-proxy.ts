import { once } from 'node:events';
import net from 'node:net';

export interface TcpProxy {
  /** The target's URL with its host and port replaced by the proxy's. */
  urlFor(targetUrl: string): string;
  /**
   * Resets every connection through the proxy (both sides see ECONNRESET, as after a network
   * failure or a restarted server) and resets each new one until `restore`.
   */
  cut(): void;
  /** Cuts when a client next sends something, before it reaches the target: a query that is never answered. */
  cutOnNextSend(): void;
  restore(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy on a free local port in front of `target`, for tests of what the server does when
 * its connection to the database breaks.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let cut = false;
  let cutOnNextSend = false;
  const cutAll = () => {
    cut = true;
    cutOnNextSend = false;
    for (const socket of open) socket.resetAndDestroy();
  };
  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  };
  const server = net.createServer((client) => {
    if (cut) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target);
    track(client);
    track(upstream);
    // A reset on one side resets the other, so neither end waits on a half-open connection.
    client.on('error', () => upstream.resetAndDestroy());
    upstream.on('error', () => client.resetAndDestroy());
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
    // Registered before the pipe, so it sees a chunk before the pipe forwards it.
    client.on('data', () => {
      if (cutOnNextSend) cutAll();
    });
    client.pipe(upstream);
    upstream.pipe(client);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;

  return {
    urlFor(targetUrl) {
      const url = new URL(targetUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    cut: cutAll,
    cutOnNextSend() {
      cutOnNextSend = true;
    },
    restore() {
      cut = false;
    },
    async close() {
      for (const socket of open) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
