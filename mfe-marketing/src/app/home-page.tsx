import { PAGE_META, usePageMeta } from '@site/shared/page-meta';
import { PricingSlot } from '../features/home/pricing-slot';
import { HeroSection } from '../features/hero/hero-section';
import { ServicesSection } from '../features/services/services-section';
import { AboutSection } from '../features/about/about-section';
import { TechStackSection } from '../features/tech-stack/tech-stack-section';
import { WhyUsSection } from '../features/why-us/why-us-section';
import { ContactSection } from '../features/contact/contact-section';

export default function HomePage() {
  usePageMeta(PAGE_META.home);
  return (
    <main id="main">
      <HeroSection />
      <ServicesSection />
      <AboutSection />
      <TechStackSection />
      <PricingSlot />
      <WhyUsSection />
      <ContactSection />
    </main>
  );
}
