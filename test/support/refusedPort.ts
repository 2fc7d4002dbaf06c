import { connect } from 'node:net';

/**
 * A loopback port nothing listens on. Port 1 lies below every port the system hands out on
 * request, so no other test's server can be listening there; a port freed by closing a server
 * could be taken again at once by a test running beside.
 */
export const REFUSED_PORT = 1;

/** The error code a TCP connection to 127.0.0.1:`port` ends with ('' if it was accepted). */
export function connectError(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? String(error)));
  });
}
