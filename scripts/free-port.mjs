// Prints a TCP port nothing on 127.0.0.1 listens on now: the system picks it (port 0), we release it.
// Used so two test runs on one machine never fight over a fixed port.
import { createServer } from 'node:net';

const server = createServer();
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  server.close(() => console.log(port));
});
