import styled from 'styled-components';
import { Container } from '@site/shared/ui/primitives';
import { SectionHeading } from '@site/shared/ui/section-heading';
import { theme } from '@site/shared/ui/theme';
import { bookingPackages, type BookingPackage } from '../features/booking/booking-packages';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  gap: 24px;
  align-items: stretch;
`;

const PackageCard = styled.article<{ $featured: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  padding: 32px 24px 24px;
  border-radius: ${theme.radius.lg};
  background: ${theme.color.surface};
  border: ${({ $featured }) => ($featured ? `2px solid ${theme.color.accent}` : `1px solid ${theme.color.border}`)};
  box-shadow: ${({ $featured }) => ($featured ? '0 16px 40px rgba(62, 224, 197, 0.15)' : 'none')};
  h3 { margin: 0 0 8px; font-size: 1.3rem; }
  > p { color: ${theme.color.textMuted}; margin: 0 0 20px; }
`;

const Badge = styled.span`
  position: absolute;
  top: -14px;
  left: 50%;
  transform: translateX(-50%);
  padding: 4px 14px;
  border-radius: 999px;
  background: ${theme.color.accent};
  color: ${theme.color.onPrimary};
  font-size: 0.85rem;
  font-weight: 700;
  white-space: nowrap;
`;

const Price = styled.p`
  display: flex;
  align-items: baseline;
  gap: 8px;
  margin: 0 0 20px;
  strong { font-size: 2.2rem; font-weight: 800; color: ${theme.color.text}; }
  span { color: ${theme.color.textMuted}; }
`;

const Benefits = styled.ul`
  margin: 0;
  padding: 20px 0 0;
  border-top: 1px solid ${theme.color.border};
  list-style: none;
  display: grid;
  gap: 10px;
  li { display: flex; gap: 8px; align-items: baseline; }
  li::before { content: '✓'; color: ${theme.color.accent}; font-weight: 700; }
`;

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

function PriceLine({ pkg }: { pkg: BookingPackage }) {
  if (pkg.price === 'Custom') {
    return (
      <Price>
        <strong>Custom</strong>
        <span>scoped with you</span>
      </Price>
    );
  }
  return (
    <Price>
      <strong>{rupees.format(pkg.price)}</strong>
      <span>{pkg.duration} min</span>
    </Price>
  );
}

export default function BookingSection() {
  return (
    <Container style={{ padding: '72px 20px' }}>
      <SectionHeading title="Book a Consultation">
        Start with a call, go deeper with an audit, or plan a full roadmap with us. Prices in Indian rupees.
      </SectionHeading>
      <Grid>
        {bookingPackages.map((pkg) => (
          <PackageCard key={pkg.id} $featured={Boolean(pkg.badge)} aria-labelledby={`package-${pkg.id}`}>
            {pkg.badge && <Badge>{pkg.badge}</Badge>}
            <h3 id={`package-${pkg.id}`}>{pkg.name}</h3>
            <p>{pkg.description}</p>
            <PriceLine pkg={pkg} />
            <Benefits aria-label={`${pkg.name} includes`}>
              {pkg.benefits.map((benefit) => (
                <li key={benefit}>{benefit}</li>
              ))}
            </Benefits>
          </PackageCard>
        ))}
      </Grid>
    </Container>
  );
}
