import { describe, expect, it } from 'vitest';
import { sectionOfPath } from './site-nav';

describe('the header’s current section on pages other than home', () => {
  it('marks Services on a service page and Contact on the contact page', () => {
    expect(sectionOfPath('/services/ai-chatbots')).toBe('services');
    expect(sectionOfPath('/contact')).toBe('contact');
    expect(sectionOfPath('/contact/')).toBe('contact');
  });

  it('marks nothing elsewhere', () => {
    for (const path of ['/', '/community', '/contacts', '/services', '/orders']) expect(sectionOfPath(path), path).toBeNull();
  });
});
