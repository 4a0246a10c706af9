import { serviceNamed, type Service } from './service';
import { serviceFeatures } from './service-features';

export const aiAppsMicroSaas: Service = {
  ...serviceNamed('ai-apps-micro-saas'),
  features: serviceFeatures['ai-apps-micro-saas'],
  featureDescriptions: [
    'Before code, we test the riskiest assumption with a landing page, a prototype or five customer calls, and cut the scope to what proves the idea.',
    'A production-grade first version: web or mobile front end, API, database and the AI features that make it worth paying for, shipped in weekly increments.',
    'Razorpay or Stripe subscriptions, usage-based billing and invoices in INR or USD, so you can charge from the first customer.',
    'We deploy on AWS, Azure or Vercel with monitoring and cost alerts, then iterate with you on real usage data after launch.',
  ],
  detailedContent: `
<p>Micro-SaaS works when one painful job is solved very well for a narrow audience. We help founders and teams find that job, build the smallest product that does it, and put it in front of paying users quickly.</p>
<h3>What a typical build includes</h3>
<ul>
  <li>Sign-up and login, team accounts and roles</li>
  <li>The core AI workflow, with prompt and model costs measured per user</li>
  <li>Billing, usage limits and an admin dashboard</li>
  <li>Analytics, error tracking and automated backups</li>
</ul>
<h3>After launch</h3>
<p>You get the full source code and documentation. Many clients keep us on a small monthly retainer for improvements; others take the product in-house with a handover week.</p>`,
  caseStudies: [
    {
      title: 'Proposal writer for agencies',
      description:
        'A two-founder team launched an AI tool that drafts client proposals from a brief and past wins; the MVP shipped in five weeks and reached 40 paying agencies in its first quarter.',
    },
    {
      title: 'Menu translator for restaurants',
      description:
        'A hospitality startup built a micro-SaaS that turns a photographed menu into six languages with dietary tags; restaurants subscribe monthly through Razorpay.',
    },
  ],
};
