import type { ReactNode } from 'react';

/** The six orbiting capabilities of the hero, as inline SVG (24×24, stroked). */
export const orbitIcons: { label: string; path: ReactNode }[] = [
  {
    label: 'AI Intelligence',
    path: (
      <>
        <rect x="6" y="6" width="12" height="12" rx="2" />
        <path d="M9 2v4M15 2v4M9 18v4M15 18v4M2 9h4M2 15h4M18 9h4M18 15h4M10 10h4v4h-4z" />
      </>
    ),
  },
  { label: 'Smart Code', path: <path d="M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16" /> },
  {
    label: 'Deep Learning',
    path: (
      <>
        <circle cx="5" cy="6" r="2" />
        <circle cx="5" cy="18" r="2" />
        <circle cx="12" cy="12" r="2" />
        <circle cx="19" cy="6" r="2" />
        <circle cx="19" cy="18" r="2" />
        <path d="M7 7l3.5 3.5M7 17l3.5-3.5M13.5 10.5L17 7M13.5 13.5L17 17" />
      </>
    ),
  },
  {
    label: 'Global Scale',
    path: (
      <>
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 3 3.5 6 3.5 9s-1 6-3.5 9M12 3c-2.5 3-3.5 6-3.5 9s1 6 3.5 9" />
      </>
    ),
  },
  { label: 'Lightning Fast', path: <path d="M13 2L4 14h7l-1 8 9-12h-7l1-8z" /> },
  {
    label: 'Precision',
    path: (
      <>
        <circle cx="12" cy="12" r="9" />
        <circle cx="12" cy="12" r="5" />
        <circle cx="12" cy="12" r="1.5" />
      </>
    ),
  },
];
