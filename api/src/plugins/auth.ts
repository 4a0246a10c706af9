import fp from 'fastify-plugin';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { storedSecret } from '../db/settings';
import { HttpError } from './errors';

export type Role = 'user' | 'admin';

export interface AccessClaims {
  sub: string;
  role: Role;
  /** The username, for the screens that say who is signed in (decision 068); `sub` stays the id. */
  name?: string;
  /** The login session (refresh-token family): ended sessions end their access tokens. */
  sid?: string;
}

/** How long a session's "still open" is believed without asking the database again. */
export const SESSION_CHECK_CACHE_MS = 5_000;
/** The NOTIFY channel on which a revoked session's id is announced to every instance. */
export const SESSION_REVOKED_CHANNEL = 'session_revoked';

export const ACCESS_TOKEN_TTL = '15m';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessClaims;
    user: AccessClaims;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every token names its login session (`sid`): a token without one would be refused on use. */
    signAccessToken(claims: AccessClaims & { sid: string }): string;
    /** preHandler: a valid access token is required (401 otherwise). */
    requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preHandler: a valid access token of an account that is an admin now (401 / 403 otherwise). */
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** The caller's claims when a valid token of an open session is sent; undefined otherwise. */
    viewerClaims(request: FastifyRequest): Promise<AccessClaims | undefined>;
    /** After logout: the session of the token sent with this request is known to be ended. */
    /** Ends the login session of the access token presented, if any (logout). */
    endSessionOf(request: FastifyRequest): Promise<void>;
  }
}

/** The signing secret: JWT_SECRET when set, else one generated once and shared through the database. */
async function signingSecret(app: FastifyInstance, config: Config): Promise<string> {
  return config.JWT_SECRET || storedSecret(app.database.db, 'jwt_secret', 48);
}

/** Access tokens: HS256 only, 15 minutes, carrying `sub` and `role`. */
export const authPlugin = fp(
  async (app) => {
    const { config } = app;
    const secret = await signingSecret(app, config);
    await app.register(fastifyJwt, {
      secret,
      sign: { algorithm: 'HS256', expiresIn: ACCESS_TOKEN_TTL },
      // A token without an expiry or a session would never end: refused.
      verify: { algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'sid'] },
    });

    app.decorate('signAccessToken', (claims: AccessClaims) => app.jwt.sign({ sub: claims.sub, role: claims.role, sid: claims.sid, ...(claims.name ? { name: claims.name } : {}) }));

    // sid → until when it is known to be open. Ended sessions are not cached: they stay ended.
    const openSessions = new Map<string, number>();
    const endedSessions = new Set<string>();
    const isSessionOpen = async (sid: string): Promise<boolean> => {
      if (endedSessions.has(sid)) return false;
      if ((openSessions.get(sid) ?? 0) > Date.now()) return true;
      // Only a session that exists counts: a validly signed token naming no session is refused.
      if (!(await app.refreshTokens.isSessionOpen(sid))) {
        openSessions.delete(sid);
        if (endedSessions.size > 50_000) endedSessions.clear();
        endedSessions.add(sid);
        return false;
      }
      if (openSessions.size > 10_000) openSessions.clear();
      openSessions.set(sid, Date.now() + SESSION_CHECK_CACHE_MS);
      return true;
    };

    // Another instance ended a session (migration 0009's trigger announces every revocation):
    // forget it now rather than when the few seconds of SESSION_CHECK_CACHE_MS run out.
    const { database } = app;
    if (database.listen) {
      const stop = await database.listen(
        SESSION_REVOKED_CHANNEL,
        (sid) => {
          openSessions.delete(sid);
          if (endedSessions.size > 50_000) endedSessions.clear();
          endedSessions.add(sid);
        },
        () => openSessions.clear(),
      );
      app.addHook('onClose', async () => stop());
    }

    const verify = async (request: FastifyRequest): Promise<AccessClaims | undefined> => {
      let claims: AccessClaims;
      try {
        claims = await request.jwtVerify<AccessClaims>();
      } catch {
        return undefined;
      }
      return claims.sid && (await isSessionOpen(claims.sid)) ? claims : undefined;
    };
    const authenticate = async (request: FastifyRequest): Promise<AccessClaims> => {
      const claims = await verify(request);
      if (!claims) throw new HttpError(401, 'unauthorized', 'Please sign in to continue.');
      return claims;
    };
    // The role in the token may be stale (an admin removed since): admin calls ask the database.
    const isAdminNow = async (claims: AccessClaims) =>
      claims.role === 'admin' && (await app.users.findById(claims.sub))?.role === 'admin';

    app.decorate('requireUser', async (request: FastifyRequest) => {
      await authenticate(request);
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      const claims = await authenticate(request);
      if (!(await isAdminNow(claims))) throw new HttpError(403, 'forbidden', 'Access denied. Admins only.');
    });
    app.decorate('viewerClaims', async (request: FastifyRequest) => {
      if (!request.headers.authorization) return undefined;
      const claims = await verify(request);
      if (!claims) return undefined;
      return claims.role === 'admin' && !(await isAdminNow(claims)) ? { ...claims, role: 'user' as const } : claims;
    });
    app.decorate('endSessionOf', async (request: FastifyRequest) => {
      if (!request.headers.authorization) return;
      let sid: string | undefined;
      try {
        ({ sid } = await request.jwtVerify<AccessClaims>());
      } catch {
        // Nothing to end for a token that is no longer valid.
        return;
      }
      if (!sid) return;
      // An api client that logs out with its bearer token alone ends its session too.
      await app.refreshTokens.endSession(sid);
      openSessions.delete(sid);
      endedSessions.add(sid);
    });
    app.addHook('onClose', async () => {
      openSessions.clear();
      endedSessions.clear();
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
