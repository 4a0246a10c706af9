import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { serviceLinks, site } from '@site/shared/site-config';
import { companyLinks, legalLinks } from './site-nav';
import { theme } from '@site/shared/ui/theme';
import { SectionLink } from './section-link';
import { NewsletterForm } from '../../features/newsletter/newsletter-form';

const Foot = styled.footer`
  margin-top: 48px;
  border-top: 1px solid ${theme.color.border};
  background: ${theme.color.surface};
  padding: 48px 0 24px;
`;

const Grid = styled.div`
  max-width: ${theme.maxWidth};
  margin: 0 auto;
  padding: 0 20px;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: 32px;
  h2 { font-size: 1rem; margin: 0 0 12px; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
  a { color: ${theme.color.textMuted}; text-decoration: none; }
  a:hover { color: ${theme.color.text}; text-decoration: underline; }
  address { font-style: normal; color: ${theme.color.textMuted}; display: grid; gap: 6px; }
`;

const Bottom = styled.div`
  max-width: ${theme.maxWidth};
  margin: 32px auto 0;
  padding: 16px 20px 0;
  border-top: 1px solid ${theme.color.border};
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 16px;
  color: ${theme.color.textMuted};
  button {
    min-width: 44px;
    min-height: 44px;
    border-radius: 50%;
    border: 1px solid ${theme.color.border};
    background: ${theme.color.surfaceRaised};
    color: ${theme.color.text};
    cursor: pointer;
    font-size: 1.1rem;
  }
`;

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <Foot>
      <Grid>
        <section aria-labelledby="footer-brand">
          <h2 id="footer-brand">{site.name}</h2>
          <p>{site.description}</p>
          <ul aria-label="Social networks">
            {site.socials.map((social) => (
              <li key={social.href}>
                <a href={social.href} target="_blank" rel="noopener noreferrer">
                  {social.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <nav aria-labelledby="footer-services">
          <h2 id="footer-services">Services</h2>
          <ul>
            {serviceLinks.map((service) => (
              <li key={service.slug}>
                <Link to={`/services/${service.slug}`}>{service.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company">Company</h2>
          <ul>
            {companyLinks.map((link) => (
              <li key={link.section}>
                <SectionLink section={link.section}>{link.label}</SectionLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal">Legal</h2>
          <ul>
            {legalLinks.map((link) => (
              <li key={link.path}>
                <Link to={link.path}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          <address>
            <a href={`mailto:${site.email}`}>{site.email}</a>
            {site.phones.map((phone) => (
              <a key={phone} href={`tel:${phone.replace(/\s+/g, '')}`}>
                {phone}
              </a>
            ))}
            <span>
              {site.address.lines.map((line) => (
                <span key={line} style={{ display: 'block' }}>
                  {line}
                </span>
              ))}
            </span>
          </address>
        </section>
        <NewsletterForm />
      </Grid>
      <Bottom>
        <p>
          © {year} {site.name}. All rights reserved.
        </p>
        <button
          type="button"
          aria-label="Scroll to top"
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        >
          <span aria-hidden="true">↑</span>
        </button>
      </Bottom>
    </Foot>
  );
}
