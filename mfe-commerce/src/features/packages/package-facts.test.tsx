import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Package } from '@site/shared/contracts/packages';
import { PackageFacts } from './package-facts';

const base: Package = {
  id: 'b0c1d2e3-0000-4000-8000-000000000001',
  name: 'Summit Seat',
  slug: 'summit-seat',
  description: '',
  price: 1499.5,
  duration_days: null,
  is_active: true,
  package_type: 'event',
  event_id: 'e0c1d2e3-0000-4000-8000-000000000002',
  capacity: 40,
  package_registration_deadline: null,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
};

describe('PackageFacts', () => {
  it('shows the spec labels in order, skipping empty fields and never id, is_active or timestamps', () => {
    render(<PackageFacts pkg={base} />);
    const labels = screen.getAllByRole('term').map((dt) => dt.textContent);
    expect(labels).toEqual(['Name', 'Slug', 'Price (₹)', 'Package Type', 'Event ID', 'Capacity']);
    expect(screen.getByText('1,499.50')).toBeTruthy();
    expect(screen.queryByText(base.id)).toBeNull();
  });

  it('shows a deadline and a duration when they are set', () => {
    render(<PackageFacts pkg={{ ...base, duration_days: 30, package_registration_deadline: '2026-12-01T10:00:00Z' }} />);
    const labels = screen.getAllByRole('term').map((dt) => dt.textContent);
    expect(labels).toContain('Duration (days)');
    expect(labels.at(-1)).toBe('Registration Deadline');
  });

  it("names the event by its title, linking its page, keeping its id and the slug quietly", () => {
    render(
      <MemoryRouter>
        <PackageFacts pkg={base} event={{ title: 'Agents Summit', slug: 'agents-summit' }} />
      </MemoryRouter>,
    );
    const eventFact = screen.getByText('Event ID').nextElementSibling!;
    expect(eventFact.querySelector('a')?.textContent).toBe('Agents Summit');
    expect(eventFact.querySelector('a')?.getAttribute('href')).toBe('/event/agents-summit');
    expect(eventFact.textContent).toContain(base.event_id);
    expect(screen.getByText('Slug').nextElementSibling!.textContent).toBe('summit-seat');
  });
});
