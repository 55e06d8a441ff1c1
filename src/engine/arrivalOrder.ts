import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';

/*
 * Requests are handled in the order they arrived, one per turn of the event loop.
 *
 * Node handles every request that one poll of its sockets returns before it polls again, and a
 * poll does not return sockets in arrival order: sockets reported by the previous poll (Linux's
 * level-triggered epoll puts them straight back on its ready list) come before sockets that became
 * readable after it. Under load, a request that arrived early in a round was then handled after
 * the whole next round: with 10 busy keep-alive connections about one request in ten waited two
 * rounds, and a list call's p99 was twice its median. Read requests wait in a queue instead, and
 * each is handled in a turn of its own, with a poll of the sockets between two turns, so requests
 * that arrive meanwhile join the queue behind it.
 */

type Handle = (request: IncomingMessage, response: ServerResponse) => void;

/** The options Fastify gives its server factory, its defaults filled in. */
interface ServerFactoryOptions {
  http?: ServerOptions | null;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

/** Calls `handle` for each queued request, oldest first, one per turn of the event loop. */
function arrivalOrderQueue(handle: Handle): Handle {
  const waiting: [IncomingMessage, ServerResponse][] = [];
  let next = 0;
  let turnScheduled = false;

  function handleOldest(): void {
    const [request, response] = waiting[next]!;
    waiting[next] = undefined as never;
    next += 1;
    if (next === waiting.length) {
      waiting.length = 0;
      next = 0;
      turnScheduled = false;
    } else {
      // setImmediate from inside an immediate runs in the next turn, after another poll.
      setImmediate(handleOldest);
    }
    handle(request, response);
  }

  return (request, response) => {
    waiting.push([request, response]);
    if (!turnScheduled) {
      turnScheduled = true;
      setImmediate(handleOldest);
    }
  };
}

/** One queue per app: the servers of one app (one per address it listens on) share it. */
const queueOfHandler = new WeakMap<Handle, Handle>();
const arrivalOrderServers = new WeakSet<Server>();

/** Whether `server` was made by arrivalOrderServer. */
export const servesInArrivalOrder = (server: Server): boolean => arrivalOrderServers.has(server);

/**
 * Fastify's `serverFactory`: the HTTP/1.1 server Fastify would create (with its timeouts and
 * limits), its requests handled in arrival order.
 */
export function arrivalOrderServer(handler: Handle, options: ServerFactoryOptions): Server {
  let queue = queueOfHandler.get(handler);
  if (!queue) queueOfHandler.set(handler, (queue = arrivalOrderQueue(handler)));
  const server = createServer(options.http ?? {}, queue);
  if (options.keepAliveTimeout) server.keepAliveTimeout = options.keepAliveTimeout;
  if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
  if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
  if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
  arrivalOrderServers.add(server);
  return server;
}
