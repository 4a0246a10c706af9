import { readFileSync } from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AssistantConfig } from '@site/shared/contracts/marketing';
import type { Config } from '../../config';
import { assistantKnowledge } from './knowledge';

export const BUILT_IN_WIDGET = { path: '/ai-widget/assistant.js', element: 'tiny-titans-assistant' } as const;
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
  return { scriptUrl: BUILT_IN_WIDGET.path, element: BUILT_IN_WIDGET.element, agentId: null, builtIn: true };
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

const widgetSource = readFileSync(new URL('./widget/assistant-widget.js', import.meta.url), 'utf8').replace(
  '})(__KNOWLEDGE__);',
  () => `})(${JSON.stringify(assistantKnowledge)});`,
);

/** The built-in widget script, served at the site root (not under /api) like any static script. */
export const assistantWidgetRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider().get(
    BUILT_IN_WIDGET.path,
    { schema: { tags: ['assistant'], summary: 'The built-in assistant widget (a custom element)', response: { 200: z.string() } } },
    async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=300').send(widgetSource),
  );
};
