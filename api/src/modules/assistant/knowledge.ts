/**
 * What the built-in assistant knows: the site's services, consultation packages and booking hours,
 * mirrored from the pages (the api may not import the front end's content modules).
 */
export const assistantKnowledge = {
  company: 'Tiny Titans AI',
  email: 'hello@tinytitans.ai',
  links: { booking: '/#pricing', contact: '/#contact', services: '/#services' },
  hours: { first: 9, last: 18, stepMinutes: 15, zone: 'IST' },
  services: [
    {
      slug: 'ai-chatbots',
      title: 'AI Chatbots & Virtual Assistants',
      keywords: ['chatbot', 'chat bot', 'bot', 'virtual assistant', 'support', 'whatsapp'],
      summary:
        'Chatbots and virtual assistants trained on your own documents that answer customers on your website or WhatsApp around the clock and hand over to a human when needed.',
    },
    {
      slug: 'agentic-ai-workflows',
      title: 'Agentic AI Workflows',
      keywords: ['agent', 'agentic', 'workflow', 'multi-step', 'autonomous'],
      summary:
        'AI agents that carry out multi-step work such as research, triage and follow-ups across your tools, with approvals where a human should decide.',
    },
    {
      slug: 'smart-process-automation',
      title: 'Smart Process Automation',
      keywords: ['automation', 'automate', 'process', 'invoice', 'document', 'manual', 'spreadsheet'],
      summary:
        'Automation of repetitive back-office work (documents, invoices, data entry, reports) that connects your existing tools instead of replacing them.',
    },
    {
      slug: 'ai-apps-micro-saas',
      title: 'AI Apps & Micro-SaaS Tools',
      keywords: ['app', 'saas', 'micro-saas', 'mvp', 'product', 'tool'],
      summary:
        'Small, focused AI products: from a validated idea to a working MVP with payments and analytics in weeks, built to grow.',
    },
  ],
  packages: [
    {
      name: 'Starter Strategy Call',
      keywords: ['starter', 'strategy', 'call', 'cheapest', 'popular'],
      price: 1200,
      duration: 45,
      summary: 'a focused call to find where AI can save your team the most time (our most popular package)',
    },
    {
      name: 'AI Readiness Audit',
      keywords: ['audit', 'readiness', 'assessment'],
      price: 2100,
      duration: 90,
      summary: 'a deeper look at your data, processes and stack before you build',
    },
    {
      name: 'Custom AI Roadmap',
      keywords: ['custom', 'roadmap', 'enterprise', 'tailored'],
      price: null,
      duration: 0,
      summary: 'a tailored engagement priced after a conversation with us',
    },
  ],
} as const;

export type AssistantKnowledge = typeof assistantKnowledge;
