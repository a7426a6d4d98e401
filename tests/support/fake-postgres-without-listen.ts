// A stand-in for a PostgreSQL-compatible engine without LISTEN/NOTIFY (CockroachDB answers LISTEN with
// SQLSTATE 0A000, feature_not_supported) on 127.0.0.1, port 0: it speaks just enough of PostgreSQL's
// wire protocol (version 3) for a client to connect without a password and send simple queries, and
// refuses every query the way such an engine refuses LISTEN.
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

function message(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeInt32BE(body.length + 4);
  return Buffer.concat([Buffer.from(type, 'latin1'), length, body]);
}

const int32 = (value: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeInt32BE(value);
  return buffer;
};
const readyForQuery = () => message('Z', Buffer.from('I'));
const errorResponse = (code: string, text: string) =>
  message('E', Buffer.concat([...[['S', 'ERROR'], ['V', 'ERROR'], ['C', code], ['M', text]].map(([field, value]) => Buffer.from(`${field}${value}\0`, 'utf8')), Buffer.from([0])]));

export interface FakePostgres {
  url: string;
  /** The statements clients sent, in order. */
  queries: string[];
  close(): Promise<void>;
}

export async function startPostgresWithoutListen(): Promise<FakePostgres> {
  const queries: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let pending = Buffer.alloc(0);
    let started = false;
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        if (!started) {
          if (pending.length < 4 || pending.length < pending.readInt32BE(0)) return;
          pending = pending.subarray(pending.readInt32BE(0));
          started = true;
          // AuthenticationOk, a key for cancelling, then ready.
          socket.write(Buffer.concat([message('R', int32(0)), message('K', Buffer.concat([int32(1), int32(2)])), readyForQuery()]));
          continue;
        }
        if (pending.length < 5 || pending.length < 1 + pending.readInt32BE(1)) return;
        const type = String.fromCharCode(pending[0]);
        const body = pending.subarray(5, 1 + pending.readInt32BE(1));
        pending = pending.subarray(1 + pending.readInt32BE(1));
        if (type === 'X') return void socket.end();
        if (type === 'Q') {
          const query = body.toString('utf8').replace(/\0$/, '');
          queries.push(query);
          socket.write(Buffer.concat([errorResponse('0A000', `unimplemented: this engine does not support ${query.split(' ')[0]}`), readyForQuery()]));
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `postgres://shop@127.0.0.1:${port}/isoko`,
    queries,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
