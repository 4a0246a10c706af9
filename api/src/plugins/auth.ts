import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import { HttpError } from './errors';

export type Role = 'user' | 'admin';

export interface AccessClaims {
  sub: string;
  role: Role;
}

export const ACCESS_TOKEN_TTL = '15m';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessClaims;
    user: AccessClaims;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    signAccessToken(claims: AccessClaims): string;
    /** preHandler: a valid access token is required (401 otherwise). */
    requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preHandler: a valid access token of an admin is required (401 / 403 otherwise). */
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/** The signing secret: JWT_SECRET when set, else one generated once and shared through the database. */
async function signingSecret(app: FastifyInstance, config: Config): Promise<string> {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const candidate = randomBytes(48).toString('base64url');
  const { db } = app.database;
  await db.execute(sql`INSERT INTO app_settings (key, value) VALUES ('jwt_secret', ${candidate}) ON CONFLICT (key) DO NOTHING`);
  const rows = await db.execute<{ value: string }>(sql`SELECT value FROM app_settings WHERE key = 'jwt_secret'`);
  const value = (rows as unknown as { rows: { value: string }[] }).rows[0]?.value;
  if (!value) throw new Error('The signing secret could not be stored');
  return value;
}

/** Access tokens: HS256 only, 15 minutes, carrying `sub` and `role`. */
export const authPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const secret = await signingSecret(app, config);
    await app.register(fastifyJwt, {
      secret,
      sign: { algorithm: 'HS256', expiresIn: ACCESS_TOKEN_TTL },
      verify: { algorithms: ['HS256'] },
    });

    app.decorate('signAccessToken', (claims: AccessClaims) => app.jwt.sign({ sub: claims.sub, role: claims.role }));

    const authenticate = async (request: FastifyRequest): Promise<AccessClaims> => {
      try {
        return await request.jwtVerify<AccessClaims>();
      } catch {
        throw new HttpError(401, 'unauthorized', 'Please sign in to continue.');
      }
    };
    app.decorate('requireUser', async (request: FastifyRequest) => {
      await authenticate(request);
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      const claims = await authenticate(request);
      if (claims.role !== 'admin') throw new HttpError(403, 'forbidden', 'Access denied. Admins only.');
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
