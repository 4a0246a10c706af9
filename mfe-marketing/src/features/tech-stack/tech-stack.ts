/** A tech-stack card: the category, its technologies in the spec's order, and what we build with them. */
export type TechCategory = readonly [category: string, items: readonly string[], description: string];

export const techStack: readonly TechCategory[] = [
  ['Web Development', ['MERN Stack', 'React.js', 'Node.js', 'Next.js'], 'Fast, accessible web apps and dashboards with modern JavaScript, from landing pages to full SaaS front ends.'],
  ['Backend & APIs', ['.NET Core', 'Express.js', 'REST APIs', 'GraphQL', 'Fast API', 'JAVA'], 'Secure, well-documented services and integrations that connect your AI features to the rest of your business.'],
  ['AI & Automation', ['AI Automation', 'Machine Learning', 'Python', 'TensorFlow'], 'Language models, retrieval, custom ML and workflow automation, chosen for accuracy and running cost.'],
  ['Mobile Development', ['React Native', 'Flutter', 'iOS', 'Android'], 'Cross-platform and native apps that bring assistants and automation to your customers’ phones.'],
  ['Databases', ['MongoDB', 'SQL Server', 'PostgreSQL', 'MySQL'], 'Relational and document stores modelled for reporting, search and the vector data AI features need.'],
  ['Cloud & DevOps', ['AWS Cloud', 'Azure', 'Docker', 'Kubernetes'], 'Automated deployments, monitoring and cost controls, so what we ship keeps running after launch.'],
];
