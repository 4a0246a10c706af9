import styled from 'styled-components';
import { Card, Container } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { bookingPackages } from '../features/booking/booking-packages';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  gap: 24px;
`;

const Badge = styled.span`
  display: inline-block;
  padding: 2px 10px;
  border-radius: 999px;
  background: ${theme.color.accent};
  color: ${theme.color.onPrimary};
  font-size: 0.8rem;
  font-weight: 700;
`;

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

export default function BookingSection() {
  return (
    <Container style={{ padding: '72px 20px' }}>
      <h2>Book a Consultation</h2>
      <Grid>
        {bookingPackages.map((pkg) => (
          <Card key={pkg.id}>
            {pkg.badge && <Badge>{pkg.badge}</Badge>}
            <h3>{pkg.name}</h3>
            <p>{pkg.description}</p>
            <p>
              <strong>{pkg.price === 'Custom' ? 'Custom' : rupees.format(pkg.price)}</strong>
              {pkg.duration > 0 && <span> · {pkg.duration} min</span>}
            </p>
            <ul>
              {pkg.benefits.map((benefit) => (
                <li key={benefit}>{benefit}</li>
              ))}
            </ul>
          </Card>
        ))}
      </Grid>
    </Container>
  );
}
