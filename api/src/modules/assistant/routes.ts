import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AssistantConfig } from '@site/shared/contracts/marketing';
import { builtInAssistant } from '@site/shared/site-config';
import type { Config } from '../../config';

/** The element the external voice-agent widget (ElevenLabs Conversational AI embed) defines. */
export const EXTERNAL_WIDGET_ELEMENT = 'elevenlabs-convai';

export function assistantConfig(config: Config): AssistantConfig {
  if (config.AI_WIDGET_SCRIPT_URL) {
    return {
      scriptUrl: config.AI_WIDGET_SCRIPT_URL,
      element: EXTERNAL_WIDGET_ELEMENT,
      agentId: config.AI_WIDGET_AGENT_ID ?? null,
      builtIn: false,
    };
  }
  return { scriptUrl: builtInAssistant.scriptPath, element: builtInAssistant.element, agentId: null, builtIn: true };
}

/** GET /api/assistant/config: which widget the shell loads (after the page is idle). */
export const assistantRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const body = assistantConfig(config);
  app.get(
    '/assistant/config',
    { schema: { tags: ['assistant'], summary: 'The AI assistant widget to load', response: { 200: AssistantConfig } } },
    async (_request, reply) => reply.header('Cache-Control', 'public, max-age=300').send(body),
  );
};

/**
 * The built-in widget, built by the assistant-widget package (`WEB_ROOT/assistant-widget/dist`),
 * served at the site root (not under /api) like any static script, pre-compressed when accepted. Its
 * URL never changes, so it is kept as long as the config that names it, then revalidated (ETag).
 */
export const assistantWidgetRoute: FastifyPluginAsync = async (app) => {
  const dist = path.join(app.config.WEB_ROOT, 'assistant-widget', 'dist');
  if (!existsSync(dist)) {
    app.log.warn({ dist }, 'the assistant widget is not built');
    return;
  }
  const file = path.posix.basename(builtInAssistant.scriptPath);
  await app.register(fastifyStatic, {
    root: dist,
    prefix: path.posix.dirname(builtInAssistant.scriptPath) + '/',
    decorateReply: false,
    preCompressed: true,
    index: false,
    cacheControl: false,
    setHeaders: (reply: FastifyReply) => reply.header('Cache-Control', 'public, max-age=300'),
    allowedPath: (pathName) => pathName === `/${file}` || pathName === `/${file}.map`,
  });
};
