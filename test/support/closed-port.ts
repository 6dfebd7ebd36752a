import { createServer, type AddressInfo } from 'node:net';

/** A port on this machine that nothing listens on: one just given up. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  await new Promise((closed) => server.close(closed));
  return port;
}
