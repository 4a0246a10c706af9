export interface Reason {
  title: string;
  description: string;
}

export const stats: readonly { value: string; label: string }[] = [
  { value: '4–6 weeks', label: 'typical time from kick-off to launch' },
  { value: '100%', label: 'of code and prompts owned by you' },
  { value: '1 business day', label: 'to reply to every enquiry' },
];

export const reasons: readonly Reason[] = [
  {
    title: 'Senior engineers only',
    description: 'Every project is built by people with years of production experience in software and machine learning.',
  },
  {
    title: 'Working software every week',
    description: 'You see progress in a demo each Friday and can change priorities before anything is wasted.',
  },
  {
    title: 'Fixed scope, clear price',
    description: 'A written scope and a quote in rupees before we start; model and hosting costs estimated per month.',
  },
  {
    title: 'Privacy-first AI',
    description: 'Your data stays in your accounts, is never used to train public models, and access is logged.',
  },
  {
    title: 'Built for your budget',
    description: 'We pick models and infrastructure by running cost, so the system stays affordable as usage grows.',
  },
  {
    title: 'Support after launch',
    description: 'Thirty days of fixes included, then optional monthly care plans for monitoring and improvements.',
  },
];
