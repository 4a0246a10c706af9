import { REFUND_WINDOW_HOURS, RESCHEDULE_CUTOFF_HOURS } from '@site/shared/contracts/booking-policy';
import { site } from '@site/shared/site-config';

export type PolicyName = 'refund' | 'privacy' | 'terms';

interface Policy {
  title: string;
  description: string;
  effective: string;
  sections: { heading: string; paragraphs: string[] }[];
}

const contactLine = `Write to ${site.email} or call ${site.phones[0]}.`;

export const policies: Record<PolicyName, Policy> = {
  // The title heads the page and its head; the description is the head's (PolicyPage's `head`).
  refund: {
    title: 'Refund Policy',
    description: `When ${site.name} refunds consultation and package payments, and how to ask for a refund.`,
    effective: 'June 20, 2025',
    sections: [
      {
        heading: 'Payments are final',
        paragraphs: [
          'All payments for consultations, packages and event tickets are final unless one of the exceptions below applies.',
        ],
      },
      {
        heading: `Full refund within ${REFUND_WINDOW_HOURS} hours`,
        paragraphs: [
          `You get a full refund if you cancel within ${REFUND_WINDOW_HOURS} hours of payment and no work has started on your engagement.`,
          'Work has started once we have held the booked session, delivered any material, or begun analysis you asked for.',
        ],
      },
      {
        heading: 'Other exceptions',
        paragraphs: [
          'If we cancel or cannot deliver a booked session and cannot agree a new time with you, we refund what you paid for it.',
          'A duplicate charge for the same order is refunded in full.',
        ],
      },
      {
        heading: 'How to ask for a refund',
        paragraphs: [
          `Send your order details and the reason for the request. ${contactLine}`,
          'We respond to every refund request within 5 business days. Approved refunds go back to the original payment method; your bank may take a few more days to show them.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    description: `What personal data ${site.name} collects, why, and the choices you have.`,
    effective: 'June 20, 2025',
    sections: [
      {
        heading: 'What we collect',
        paragraphs: [
          'Details you give us: your name, e-mail address and message when you contact us; your e-mail address when you subscribe to the newsletter; your username, e-mail address and booking details when you create an account or book a consultation.',
          'Payments are handled by our payment provider; we never see or store your full card number.',
        ],
      },
      {
        heading: 'How we use it',
        paragraphs: [
          'To answer your messages, deliver the consultations and packages you buy, send the newsletter you asked for, and keep the site secure. We do not sell personal data.',
        ],
      },
      {
        heading: 'Cookies and local storage',
        paragraphs: [
          'We use one essential cookie to keep you signed in. The community sign-up keeps your e-mail address in your own browser only. We use no advertising trackers.',
        ],
      },
      {
        heading: 'Children',
        paragraphs: ['Our services are not directed to children. We do not collect any data from children under 13.'],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          `You may ask to see, correct or delete the personal data we hold about you, and you can unsubscribe from the newsletter at any time with the link in every e-mail. ${contactLine}`,
        ],
      },
    ],
  },
  terms: {
    title: 'Terms of Service',
    description: `The terms for using the ${site.name} website and buying consultations and packages.`,
    effective: 'June 20, 2025',
    sections: [
      {
        heading: 'Who we are',
        paragraphs: [
          `${site.name} is an AI and software consultancy based in ${site.address.lines.slice(1).join(', ')}. These terms apply to this website and to the consultations, packages and event tickets sold on it.`,
        ],
      },
      {
        heading: 'Consultations and packages',
        paragraphs: [
          `A booked consultation is a session of the length shown at the time you book. Reschedule or cancel it yourself at least ${RESCHEDULE_CUTOFF_HOURS} hours ahead, with the Reschedule and Cancel links in your booking e-mail or under Your orders.`,
          'Packages include what their description lists for the duration shown. Project work beyond a consultation or package is agreed in a separate written proposal.',
        ],
      },
      {
        heading: 'Payments and refunds',
        paragraphs: [
          'Prices are in Indian rupees (INR) and include applicable taxes unless stated. Refunds follow our Refund Policy.',
        ],
      },
      {
        heading: 'Your account',
        paragraphs: [
          'Keep your password to yourself and tell us at once if you think someone else has used your account. We may suspend accounts used to abuse the site or other people.',
        ],
      },
      {
        heading: 'Advice and intellectual property',
        paragraphs: [
          'Our recommendations are given in good faith on the information you share; decisions and their results remain yours. Unless a proposal says otherwise, you own the deliverables made for you once they are paid for, and we keep our general know-how, tools and templates.',
          'The content of this website is ours; you may share links to it but not copy it wholesale.',
        ],
      },
      {
        heading: 'Liability',
        paragraphs: [
          'To the extent the law allows, our total liability for any claim is limited to the amount you paid us for the service concerned, and we are not liable for indirect or consequential loss.',
        ],
      },
      {
        heading: 'Law and contact',
        paragraphs: [
          `These terms are governed by the laws of India, and the courts of Bengaluru have jurisdiction. Questions about them? ${contactLine}`,
        ],
      },
    ],
  },
};
