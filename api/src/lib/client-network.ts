import type { FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';

/** One IPv6 subscriber's block: rotating within it is free, so a full address would limit nothing. */
export const IPV6_SUBNET = 64;

/**
 * The network every limit counts a client under: an IPv4 address itself, an IPv6 address its /64,
 * IPv4-mapped IPv6 as the IPv4 address. The rate-limit plugin's own normalisation, so route limits,
 * per-username limits and order holds all agree on who one client is.
 */
export function clientNetwork(ip: string): string {
  return normalizeIP(ip, IPV6_SUBNET);
}

/** The requesting client's network (see clientNetwork), from Fastify's `request.ip`. */
export const clientKey = (request: FastifyRequest): string => clientNetwork(request.ip);
