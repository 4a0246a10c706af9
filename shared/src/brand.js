// @ts-check
// The brand, declared once. Plain JavaScript so that the shell's build (Node, no TypeScript loader)
// writes it into index.html from here too; everything else reads it through site-config.

export const brand = {
  name: 'Tiny Titans AI',
  /** The name without "AI", where a sentence reads better with it ("The Tiny Titans Community"). */
  shortName: 'Tiny Titans',
  /** What the consultancy does, in a line: the home page's and the shell's default title. */
  offer: 'AI chatbots, agentic workflows and automation for small teams',
  email: 'hello@tinytitans.ai',
};

export const brandDescription = `${brand.name} builds AI chatbots, agentic workflows, process automation and lightweight AI apps for startups, solopreneurs and lean product teams.`;

/** The site's colours: the front ends' theme and the api's own pages (booking links, e-mails) read them here. */
export const brandColors = {
  bg: '#0b1020',
  surface: '#121a33',
  surfaceRaised: '#1a2447',
  text: '#eef2ff',
  textMuted: '#b4bdd8',
  primary: '#7c9cff',
  primaryStrong: '#5b7cfa',
  onPrimary: '#0b1020',
  accent: '#3ee0c5',
  border: '#2a3763',
  success: '#4ade80',
  danger: '#ff8a8a',
  focus: '#ffd166',
};

/**
 * The same brand on white, where a dark page cannot be counted on: e-mails (many clients show them
 * light whatever the sender asks) and a transparent upload flattened for its social card.
 */
export const brandLightColors = {
  bg: '#f4f6fb',
  surface: '#ffffff',
  border: '#dde3f0',
  heading: brandColors.bg,
  text: '#1f2a44',
  textMuted: '#4b5675',
  link: '#2f4fd1',
};

/** The blog's RSS feed: every page's head links it (index.html), robots.txt lets crawlers read it. */
export const blogFeed = { path: '/api/blogs/rss.xml', title: `${brand.name} Blog` };
