import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { site } from '@site/shared/site-config';
import { emailOrigin } from '../lib/origin';

type Json = Record<string, unknown>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A multipart route's form fields (name → description), for its OpenAPI request body. */
    multipartFields?: Record<string, string>;
  }
}
type Security = FastifySchema['security'];
type Content = Record<string, { schema?: Json }>;
type Operation = { responses?: Record<string, { content?: Content; description?: string }> };

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const BEARER: Security = [{ bearer: [] }];

/** `GET /api/orders/{id}/invite.ics` → `getOrdersByIdInviteIcs`: unique, since method and path are. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (/^[:{]/.test(segment) ? ['by', segment.replace(/[:{}]/g, '')] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

const hooksOf = (route: RouteOptions) => [route.onRequest, route.preValidation, route.preHandler].flat().filter(Boolean);

const isErrorBody = (schema: Json | undefined): boolean => {
  const properties = schema?.properties as Json | undefined;
  return Boolean(properties?.error && properties?.message);
};

/**
 * The content types each answer really has: an error body is JSON whatever the route's success
 * type (`produces`), a page that may also fail before it renders is HTML or JSON, an answer
 * without a body (304) has no content.
 */
function honestContent(code: string, content: Content | undefined): Content | undefined {
  if (!content || code === '304' || code === '204') return undefined;
  const [type, media] = Object.entries(content)[0] ?? [];
  if (!type || type === 'application/json' || !media) return content;
  const schema = media.schema;
  if (isErrorBody(schema)) return { 'application/json': { schema: schema! } };
  const anyOf = schema?.anyOf as Json[] | undefined;
  const error = anyOf?.find(isErrorBody);
  if (anyOf && error) {
    const rest = anyOf.filter((part) => part !== error);
    return { ...Object.fromEntries(Object.keys(content).map((t) => [t, { schema: rest.length === 1 ? rest[0]! : { anyOf: rest } }])), 'application/json': { schema: error } };
  }
  return content;
}

/** OpenAPI 3.0 validators check `enum` before `nullable`: a nullable enum lists null among its values. */
function nullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(nullInNullableEnums);
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
  Object.values(schema).forEach(nullInNullableEnums);
}

/** A multipart route's form, from its `config.multipartFields` (name → description): files, documented only. */
const multipartBody = (fields: Record<string, string>) => ({
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: Object.keys(fields),
        properties: Object.fromEntries(Object.entries(fields).map(([name, description]) => [name, { type: 'string', format: 'binary', description }])),
      },
    },
  },
});

/**
 * The OpenAPI document of every route, generated from the route schemas. What the routes already
 * say is not said twice: an operation guarded by `requireUser` or `requireAdmin` declares the
 * bearer scheme, every operation gets an operationId from its method and path, and error bodies are
 * declared as the JSON they are.
 */
export const apiDocsPlugin = fp(
  async (app: FastifyInstance) => {
    const guards = () => new Set<unknown>([app.requireUser, app.requireAdmin]);
    await app.register(swagger, {
      openapi: {
        info: { title: `${site.name} api`, version: '1.0.0', description: `The api of ${site.name}'s website.` },
        servers: [{ url: emailOrigin(app.config), description: 'This site' }],
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            refreshCookie: { type: 'apiKey', in: 'cookie', name: 'refresh_token', description: 'The session cookie set by login (path /api/auth)' },
            signedLink: { type: 'apiKey', in: 'query', name: 'token', description: 'The signed token of a link in a booking e-mail' },
            webhookSignature: { type: 'apiKey', in: 'header', name: 'x-razorpay-signature', description: "HMAC-SHA256 of the raw body with the provider's webhook secret" },
          },
        },
      },
      transform: (input) => {
        const transformed = jsonSchemaTransform(input) as { schema?: FastifySchema & Json; url: string };
        const { url } = transformed;
        // A route without a schema (none in the product; tests add probes) is documented bare.
        const schema = transformed.schema ?? {};
        const route = input.route;
        const guarded = hooksOf(route).some((hook) => guards().has(hook));
        const multipartFields = route.config?.multipartFields;
        return {
          url,
          schema: {
            ...schema,
            // Documented only: the multipart plugin reads the form, not the body validator.
            ...(multipartFields ? { 'x-multipart-fields': multipartFields } : {}),
            operationId: (schema.operationId as string | undefined) ?? operationIdOf([route.method].flat()[0]!, url),
            security: schema.security ?? (guarded ? BEARER : []),
          },
        };
      },
      transformObject: (documentObject) => {
        const openapiObject = 'openapiObject' in documentObject ? documentObject.openapiObject : {};
        const document = openapiObject as { paths?: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>> };
        for (const item of Object.values(document.paths ?? {})) {
          for (const method of METHODS) {
            const operation = item[method] as (Operation & { 'x-multipart-fields'?: Record<string, string>; requestBody?: unknown }) | undefined;
            if (operation?.['x-multipart-fields']) {
              operation.requestBody = multipartBody(operation['x-multipart-fields']);
              delete operation['x-multipart-fields'];
            }
            for (const [code, response] of Object.entries(item[method]?.responses ?? {})) {
              const content = honestContent(code, response.content);
              if (content) response.content = content;
              else delete response.content;
            }
          }
        }
        nullInNullableEnums(openapiObject);
        return openapiObject;
      },
    });
    app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'api-docs' },
);
