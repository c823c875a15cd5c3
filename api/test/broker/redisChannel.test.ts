import { createServer, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { redisChannel } from '../../src/broker/redisChannel';
import { freePort, startRedis, stopRedis } from '../support/redisServer';

/** Commands (arrays of bulk strings) complete in `buffer`, and what is left of it. */
function takeCommands(buffer: string): { commands: string[][]; rest: string } {
  const commands: string[][] = [];
  let at = 0;
  for (;;) {
    const header = buffer.indexOf('\r\n', at);
    if (buffer[at] !== '*' || header < 0) break;
    const count = Number(buffer.slice(at + 1, header));
    const command: string[] = [];
    let cursor = header + 2;
    for (let index = 0; index < count; index += 1) {
      const lengthEnd = buffer.indexOf('\r\n', cursor);
      if (lengthEnd < 0) return { commands, rest: buffer.slice(at) };
      const length = Number(buffer.slice(cursor + 1, lengthEnd));
      if (buffer.length < lengthEnd + 2 + length + 2) return { commands, rest: buffer.slice(at) };
      command.push(buffer.slice(lengthEnd + 2, lengthEnd + 2 + length));
      cursor = lengthEnd + 2 + length + 2;
    }
    commands.push(command);
    at = cursor;
  }
  return { commands, rest: buffer.slice(at) };
}

/**
 * A Redis look-alike (RESP2 only): ready (it answers INFO), it takes SUBSCRIBE and never answers it, and it drops
 * the connection on QUIT: a client closed while it waits there has its SUBSCRIBE rejected ('Connection is closed.').
 */
async function startSilentOnSubscribe(port: number) {
  const sockets = new Set<Socket>();
  let subscribes = 0;
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let pending = '';
    socket.on('data', (chunk) => {
      const { commands, rest } = takeCommands(pending + chunk.toString('latin1'));
      pending = rest;
      for (const [name] of commands) {
        const command = (name ?? '').toUpperCase();
        const info = '# Server\r\nloading:0\r\n';
        if (command === 'SUBSCRIBE') subscribes += 1;
        else if (command === 'HELLO') socket.write("-ERR unknown command 'HELLO'\r\n");
        else if (command === 'INFO') socket.write(`$${info.length}\r\n${info}\r\n`);
        else if (command === 'QUIT') socket.destroy();
        else socket.write('+OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    subscribes: () => subscribes,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

async function until(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a Redis channel across reconnections', () => {
  const log = { warn: jest.fn(), error: jest.fn() };
  beforeEach(() => jest.clearAllMocks());

  it('subscribes again when Redis restarts, resyncs, then gets what is published', async () => {
    const port = await freePort();
    let redis = await startRedis(port);
    const channel = redisChannel({ url: `redis://127.0.0.1:${port}`, channel: 'test:resubscribe', label: 'test feed', log });
    const messages: string[] = [];
    let resyncs = 0;
    try {
      await channel.listen(
        (message) => messages.push(message),
        () => (resyncs += 1),
      );
      await stopRedis(redis);
      redis = await startRedis(port);
      await until(() => resyncs === 1, 'the channel to resync once subscribed again');

      const publisher = new Redis(port, '127.0.0.1');
      try {
        expect(await publisher.publish('test:resubscribe', 'sau khi Redis trở lại')).toBe(1);
      } finally {
        publisher.disconnect();
      }
      await until(() => messages.length > 0, 'the message');
      expect(messages).toEqual(['sau khi Redis trở lại']);
    } finally {
      await channel.close();
      await stopRedis(redis);
    }
  });

  it('closes while it subscribes again without an unhandled rejection (it would crash the API)', async () => {
    const port = await freePort();
    const redis = await startRedis(port);
    const channel = redisChannel({ url: `redis://127.0.0.1:${port}`, channel: 'test:resubscribe', label: 'test feed', log });
    let resyncs = 0;
    await channel.listen(
      () => undefined,
      () => (resyncs += 1),
    );
    await stopRedis(redis);
    const silent = await startSilentOnSubscribe(port);
    try {
      await until(() => silent.subscribes() === 1, 'the channel to subscribe again');
      await channel.close();
      await until(() => log.warn.mock.calls.length > 0, 'the failed subscription to be logged');
      expect(log.warn).toHaveBeenCalledWith(expect.anything(), 'test feed: cannot subscribe again on Redis');
      expect(resyncs).toBe(0);
    } finally {
      await silent.close();
    }
  });
});
