import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useSession } from '@site/shared/session';
import { site } from '@site/shared/site-config';
import { toast } from '@site/shared/toast';
import { Button, Container, StatusText } from '@site/shared/ui/primitives';
import { SectionHeading } from '@site/shared/ui/section-heading';
import { theme } from '@site/shared/ui/theme';
import type { ConsultationPackage as BookingPackage } from '@site/shared/contracts/consultations';
import type { Order } from '@site/shared/contracts/orders';
import { BookingConfirmation } from '../features/booking/booking-confirmation';
import { ownEmailOf } from '../features/booking/own-email';
import { useBookingPackages } from '../features/booking/use-booking-packages';
import { formatRupees } from '../lib/format';
import { TEXT } from '../lib/texts';

// The form and its date picker are downloaded only when a visitor starts booking.
const BookingForm = lazy(() => import('../features/booking/booking-form').then((mod) => ({ default: mod.BookingForm })));

const NO_PACKAGES: readonly BookingPackage[] = [];

/** After signing in, the visitor comes back here with the package to book (`?book=<id>`). */
const BOOK_PARAM = 'book';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  gap: 24px;
  align-items: start;
`;

// Paddings are tighter than a plain card's so the section keeps the height the home page reserves for it.
const PackageCard = styled.article<{ $featured: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  padding: 28px 22px 20px;
  border-radius: ${theme.radius.lg};
  background: ${theme.color.surface};
  border: ${({ $featured }) => ($featured ? `2px solid ${theme.color.accent}` : `1px solid ${theme.color.border}`)};
  box-shadow: ${({ $featured }) => ($featured ? '0 16px 40px rgba(62, 224, 197, 0.15)' : 'none')};
  h3 { margin: 0 0 8px; font-size: 1.3rem; }
  > p { color: ${theme.color.textMuted}; margin: 0 0 14px; }
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
  margin: 0 0 14px;
  strong { font-size: 2.2rem; font-weight: 800; color: ${theme.color.text}; line-height: 1.2; }
  span { color: ${theme.color.textMuted}; }
`;

const Benefits = styled.ul`
  margin: 0 0 16px;
  padding: 14px 0 0;
  border-top: 1px solid ${theme.color.border};
  list-style: none;
  display: grid;
  gap: 6px;
  li { display: flex; gap: 8px; align-items: baseline; }
  li::before { content: '✓'; color: ${theme.color.accent}; font-weight: 700; }
  @media ${theme.media.mobile} { gap: 4px; padding-top: 12px; }
`;

/** Where an opened form starts: scrolled to, it clears the fixed header. */
const FormAnchor = styled.div`
  scroll-margin-top: 88px;
`;

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
      <strong>{formatRupees(pkg.price)}</strong>
      <span>{pkg.duration} min</span>
    </Price>
  );
}

export default function BookingSection() {
  const catalogue = useBookingPackages();
  const packages = catalogue.phase === 'ready' ? catalogue.packages : NO_PACKAGES;
  const navigate = useNavigate();
  const location = useLocation();
  const user = useSession((s) => s.user);
  const token = useSession((s) => s.token);
  const status = useSession((s) => s.status);
  const [selected, setSelected] = useState<string | null>(null);
  // A form opened on the way back from signing in is brought into view: the visitor asked for it a page ago.
  const [revealForm, setRevealForm] = useState(false);
  const formAnchor = useRef<HTMLDivElement>(null);
  const returning = new URLSearchParams(location.search).get(BOOK_PARAM);
  useEffect(() => {
    // Once the address is tidied (which scrolls the page to #pricing), and after that scroll.
    if (!revealForm || !selected || returning) return;
    const frame = requestAnimationFrame(() => {
      formAnchor.current?.scrollIntoView({ block: 'start' });
      setRevealForm(false);
    });
    return () => cancelAnimationFrame(frame);
  }, [revealForm, selected, returning]);
  const [confirmed, setConfirmed] = useState<Order | null>(null);
  // The buyer's own address, known before a form opens (asked as soon as they are signed in).
  const [ownEmail, setOwnEmail] = useState('');
  const open = (id: string, sub: string) =>
    ownEmailOf(sub).then((own) => {
      setOwnEmail(own ?? '');
      setSelected(id);
    });
  useEffect(() => {
    if (user) void ownEmailOf(user.sub);
  }, [user]);

  // Back from /login: open the form of the package the visitor had chosen.
  useEffect(() => {
    // The catalogue may still be on its way (a page the server did not render): wait for it.
    if (!returning || status === 'loading' || catalogue.phase === 'loading') return;
    if (user && token && packages.some((p) => p.id === returning && p.price !== 'Custom')) void open(returning, user.sub).then(() => setRevealForm(true));
    const rest = new URLSearchParams(location.search);
    rest.delete(BOOK_PARAM);
    const search = rest.toString();
    // Keep the #pricing hash, so the page stays on the section.
    navigate({ search: search ? `?${search}` : '', hash: location.hash }, { replace: true, preventScrollReset: true });
  }, [returning, status, user, token, packages, catalogue.phase, navigate, location.search, location.hash]);

  const choose = async (pkg: BookingPackage) => {
    if (selected === pkg.id) return setSelected(null);
    if (pkg.price === 'Custom') return navigate('/contact');
    const session = status === 'loading' ? (await useSession.getState().bootstrap(), useSession.getState()) : useSession.getState();
    if (!session.user || !session.token) {
      toast.error(TEXT.signInToBook);
      navigate('/login', { state: { from: `/?${BOOK_PARAM}=${encodeURIComponent(pkg.id)}#pricing` } });
      return;
    }
    await open(pkg.id, session.user.sub);
  };

  return (
    <Container style={{ padding: '64px 20px' }}>
      <SectionHeading title="Book a Consultation">
        Start with a call, go deeper with an audit, or plan a full roadmap with us. Prices in Indian rupees.
      </SectionHeading>
      <noscript>
        <p className="no-js">
          Booking needs JavaScript, which is turned off in this browser. To book a consultation, write to us at <a href={`mailto:${site.email}`}>{site.email}</a>.
        </p>
      </noscript>
      {catalogue.phase === 'loading' && <StatusText role="status">Loading packages…</StatusText>}
      {catalogue.phase === 'failed' && (
        <StatusText role="alert" $tone="error">
          The packages could not be loaded.{' '}
          <Button type="button" $variant="ghost" onClick={catalogue.retry}>
            Try again
          </Button>
        </StatusText>
      )}
      <Grid>
        {packages.map((pkg) => {
          const open = selected === pkg.id;
          return (
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
              <Button
                type="button"
                $variant={open ? 'ghost' : 'primary'}
                aria-expanded={pkg.price === 'Custom' ? undefined : open}
                aria-describedby={`package-${pkg.id}`}
                data-replay={`book:${pkg.id}`}
                onClick={() => void choose(pkg)}
              >
                {open ? TEXT.cancel : pkg.price === 'Custom' ? 'Contact Us' : 'Book Now'}
              </Button>
              {confirmed?.package_id === pkg.id && <BookingConfirmation order={confirmed} onClose={() => setConfirmed(null)} />}
              {open && (
                <FormAnchor ref={formAnchor}>
                  <Suspense fallback={<p role="status">Loading the booking form…</p>}>
                    <BookingForm
                      pkg={pkg}
                      ownEmail={ownEmail}
                      onBooked={(order) => {
                        setSelected(null);
                        setConfirmed(order ?? null);
                      }}
                    />
                  </Suspense>
                </FormAnchor>
              )}
            </PackageCard>
          );
        })}
      </Grid>
    </Container>
  );
}
