import { serviceNamed, type Service } from './service';
import { serviceFeatures } from './service-features';

export const agenticAiWorkflows: Service = {
  ...serviceNamed('agentic-ai-workflows'),
  features: serviceFeatures['agentic-ai-workflows'],
  featureDescriptions: [
    'Agents plan and execute a sequence of steps, such as researching a lead, drafting an email and logging it in your CRM, instead of answering a single prompt.',
    'We connect agents to the systems you already use: Google Workspace, HubSpot, Notion, Jira, Zoho or your own APIs, with the least access each step needs.',
    'Anything that spends money, contacts a customer or changes records can wait for a one-click approval in Slack or email before it happens.',
    'Every action is logged with its inputs and reasoning, cost limits stop runaway loops, and you can replay a run to see exactly what happened.',
  ],
  detailedContent: `
<p>An agent is useful when a task has several steps, needs information from more than one place and follows rules you can write down. We design agents around one measurable job first, then widen their scope once they have earned trust.</p>
<h3>Typical agents we ship</h3>
<ul>
  <li><strong>Lead research:</strong> enriches new sign-ups from public sources and drafts a personalised first email for approval.</li>
  <li><strong>Ticket triage:</strong> reads incoming requests, tags priority, finds similar past tickets and suggests a reply.</li>
  <li><strong>Reporting:</strong> gathers numbers from your tools every Monday and writes the summary your team used to assemble by hand.</li>
</ul>
<h3>Safety by design</h3>
<p>Agents run with scoped credentials, spending caps and explicit stop conditions. We test them against tricky inputs before launch, and you can pause any agent from a single switch.</p>`,
  caseStudies: [
    {
      title: 'Recruitment screening agent',
      description:
        'A staffing firm’s agent now reads CVs against each job brief, drafts shortlists with reasons and schedules screening calls; recruiters approve in Slack and save about 12 hours a week.',
    },
    {
      title: 'E-commerce returns desk',
      description:
        'For a D2C apparel brand, an agent checks order history, applies the returns policy and prepares refunds for approval, cutting resolution time from three days to under one.',
    },
  ],
};
