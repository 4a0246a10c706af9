import type { ServiceSlug } from '@site/shared/site-config';

/**
 * Each service's four features: on its home page card and its page. Apart from the rest of a
 * service's page (its long texts), which the home page does not download.
 */
export const serviceFeatures: Record<ServiceSlug, [string, string, string, string]> = {
  'ai-chatbots': ['Trained on your content', 'Website, WhatsApp & Slack', 'Human handover', 'Analytics & improvement'],
  'agentic-ai-workflows': ['Multi-step task agents', 'Tool & API integrations', 'Human-in-the-loop approvals', 'Audit trail & guardrails'],
  'smart-process-automation': ['Document & invoice extraction', 'Workflow orchestration', 'Spreadsheet & CRM sync', 'Scheduled reports & alerts'],
  'ai-apps-micro-saas': ['Idea validation & scoping', 'MVP in 4–6 weeks', 'Payments & subscriptions', 'Launch, hosting & iteration'],
};
