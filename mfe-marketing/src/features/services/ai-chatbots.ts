import { serviceNamed, type Service } from './service';
import { serviceFeatures } from './service-features';

export const aiChatbots: Service = {
  ...serviceNamed('ai-chatbots'),
  features: serviceFeatures['ai-chatbots'],
  featureDescriptions: [
    'We index your FAQs, manuals, policies and product data so every answer is grounded in what your business actually says, with sources your team can check.',
    'One assistant, several channels: a widget on your site, a WhatsApp Business number and an internal Slack bot share the same knowledge and tone.',
    'When a question is sensitive, unclear or a sale is close, the conversation moves to your team with the full transcript, so nobody asks the customer twice.',
    'A weekly report shows what people asked, where the bot was unsure and which answers converted, and we turn the gaps into new content.',
  ],
  detailedContent: `
<p>Most small teams answer the same twenty questions every day. A well-built assistant takes those off your plate without making customers feel fobbed off. We start from the questions you really receive (your inbox, chat logs and call notes) rather than from a generic script.</p>
<h3>How we build it</h3>
<ol>
  <li><strong>Discovery (week 1):</strong> we collect your top questions, tone of voice and the moments a human must step in.</li>
  <li><strong>Knowledge base (week 2):</strong> we clean and index your documents with retrieval-augmented generation, so answers cite your own pages.</li>
  <li><strong>Channels and handover (week 3):</strong> website widget, WhatsApp or Slack, plus routing to your helpdesk or inbox.</li>
  <li><strong>Launch and tune (week 4):</strong> we test against real conversations, set guardrails and go live with monitoring.</li>
</ol>
<h3>What you own</h3>
<p>The prompts, the index and the integration code are yours. We document how to add new content, so updating the bot is as easy as editing a page.</p>`,
  caseStudies: [
    {
      title: 'Clinic appointment assistant',
      description:
        'A three-doctor clinic in Pune moved booking questions to a WhatsApp assistant. It now answers 70% of messages on its own and the front desk calls back only for medical questions.',
    },
    {
      title: 'SaaS support deflection',
      description:
        'A 12-person B2B SaaS team trained a help-centre bot on 180 articles; first-response time fell from hours to seconds and support tickets dropped by a third in two months.',
    },
  ],
};
