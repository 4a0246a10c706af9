/** An orb's icon in a 24×24 box, stroked: its circles ([cx, cy, r]) drawn first, then its path. */
export interface OrbitIcon {
  label: string;
  circles?: readonly (readonly [cx: number, cy: number, r: number])[];
  d?: string;
}

/** The six orbiting capabilities of the hero. */
export const orbitIcons: readonly OrbitIcon[] = [
  // A chip: a rounded 12×12 square (corner radius 2) with pins on each side and a core.
  { label: 'AI Intelligence', d: 'M8 6h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2zM9 2v4M15 2v4M9 18v4M15 18v4M2 9h4M2 15h4M18 9h4M18 15h4M10 10h4v4h-4z' },
  { label: 'Smart Code', d: 'M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16' },
  { label: 'Deep Learning', circles: [[5, 6, 2], [5, 18, 2], [12, 12, 2], [19, 6, 2], [19, 18, 2]], d: 'M7 7l3.5 3.5M7 17l3.5-3.5M13.5 10.5L17 7M13.5 13.5L17 17' },
  { label: 'Global Scale', circles: [[12, 12, 9]], d: 'M3 12h18M12 3c2.5 3 3.5 6 3.5 9s-1 6-3.5 9M12 3c-2.5 3-3.5 6-3.5 9s1 6 3.5 9' },
  { label: 'Lightning Fast', d: 'M13 2L4 14h7l-1 8 9-12h-7l1-8z' },
  { label: 'Precision', circles: [[12, 12, 9], [12, 12, 5], [12, 12, 1.5]] },
];
