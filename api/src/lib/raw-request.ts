import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../config';

export interface RawRequestView {
  method: string | undefined;
  url: string;
  headers: IncomingMessage['headers'];
  socket: IncomingMessage['socket'];
  /** The client, as Fastify's `request.ip` under the same TRUST_PROXY. */
  ip: string;
  /** The host, as Fastify's `request.host`. */
  host: string;
}

const trustOf = (trustProxy: Config['TRUST_PROXY']) =>
  trustProxy === true ? () => true : trustProxy === false ? () => false : proxyAddr.compile(trustProxy);

/** The client of a raw request, as Fastify's `request.ip`: forwarded addresses count from a trusted proxy only. */
export function rawClientIp(trustProxy: Config['TRUST_PROXY']): (request: IncomingMessage) => string {
  const trust = trustOf(trustProxy);
  return (request) => proxyAddr(request, trust);
}

/**
 * Raw Node requests (the kept-answer lanes before Fastify, decision 027) seen as Fastify sees its
 * own, for the request log.
 */
export function rawRequestView(trustProxy: Config['TRUST_PROXY']): (request: IncomingMessage) => RawRequestView {
  const trust = trustOf(trustProxy);
  return (request) => {
    const { socket, headers } = request;
    const trusted = socket.remoteAddress !== undefined && trust(socket.remoteAddress, 0);
    const forwardedHost = trusted && headers['x-forwarded-host'] ? String(headers['x-forwarded-host']).split(',').at(-1)?.trim() : undefined;
    return { method: request.method, url: request.url ?? '', headers, socket, ip: proxyAddr(request, trust), host: forwardedHost || (headers.host ?? '') };
  };
}
