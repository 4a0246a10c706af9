import { aiChatbots } from './ai-chatbots';
import { agenticAiWorkflows } from './agentic-ai-workflows';
import { smartProcessAutomation } from './smart-process-automation';
import { aiAppsMicroSaas } from './ai-apps-micro-saas';
import type { Service } from './service';

/** The four services, in the order of the home page and the footer. */
export const services: readonly Service[] = [aiChatbots, agenticAiWorkflows, smartProcessAutomation, aiAppsMicroSaas];

export const findService = (slug: string | undefined): Service | undefined => services.find((s) => s.slug === slug);
