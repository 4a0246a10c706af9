export interface TechCategory {
  category: string;
  items: string[];
  description: string;
}

export const techStack: readonly TechCategory[] = [
  {
    category: 'Web Development',
    items: ['MERN Stack', 'React.js', 'Node.js', 'Next.js'],
    description: 'Fast, accessible web apps and dashboards with modern JavaScript, from landing pages to full SaaS front ends.',
  },
  {
    category: 'Backend & APIs',
    items: ['.NET Core', 'Express.js', 'REST APIs', 'GraphQL', 'Fast API', 'JAVA'],
    description: 'Secure, well-documented services and integrations that connect your AI features to the rest of your business.',
  },
  {
    category: 'AI & Automation',
    items: ['AI Automation', 'Machine Learning', 'Python', 'TensorFlow'],
    description: 'Language models, retrieval, custom ML and workflow automation, chosen for accuracy and running cost.',
  },
  {
    category: 'Mobile Development',
    items: ['React Native', 'Flutter', 'iOS', 'Android'],
    description: 'Cross-platform and native apps that bring assistants and automation to your customers’ phones.',
  },
  {
    category: 'Databases',
    items: ['MongoDB', 'SQL Server', 'PostgreSQL', 'MySQL'],
    description: 'Relational and document stores modelled for reporting, search and the vector data AI features need.',
  },
  {
    category: 'Cloud & DevOps',
    items: ['AWS Cloud', 'Azure', 'Docker', 'Kubernetes'],
    description: 'Automated deployments, monitoring and cost controls, so what we ship keeps running after launch.',
  },
];
