export interface Value {
  title: string;
  description: string;
}

export const mission =
  'Our mission is to give small teams the same AI leverage that large companies buy with whole departments: practical systems that save hours every week, explained in plain language, priced for small budgets and owned entirely by you.';

export const values: readonly Value[] = [
  {
    title: 'Small by design',
    description: 'You work directly with the senior engineers who build your system. No account managers, no hand-offs to juniors.',
  },
  {
    title: 'Outcomes over hype',
    description: 'We measure hours saved, tickets deflected or revenue gained, and we will tell you when AI is not the right tool.',
  },
  {
    title: 'Transparent pricing',
    description: 'Fixed-scope quotes in rupees, model and hosting costs estimated up front, and no lock-in contracts.',
  },
  {
    title: 'Yours to keep',
    description: 'Code, prompts, data and documentation belong to you from day one, so your team can run and extend what we build.',
  },
];
