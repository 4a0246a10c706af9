import { serviceNamed, type Service } from './service';
import { serviceFeatures } from './service-features';

export const smartProcessAutomation: Service = {
  ...serviceNamed('smart-process-automation'),
  features: serviceFeatures['smart-process-automation'],
  featureDescriptions: [
    'AI reads invoices, purchase orders, KYC documents and forms in any layout, extracts the fields you need and flags anything it is not sure about.',
    'We chain the steps (receive, extract, validate, approve, file) with tools like n8n, Make or plain code, so work moves without copy and paste.',
    'Data lands where your team works: Google Sheets, Excel, Zoho, HubSpot, Tally or your database, kept in sync both ways.',
    'Daily and weekly summaries, overdue reminders and exception alerts reach the right person on email, Slack or WhatsApp.',
  ],
  detailedContent: `
<p>We begin by timing the process as it runs today: who touches it, how often and where errors creep in. That gives a baseline, so you see the hours saved in numbers, not promises.</p>
<h3>Our approach</h3>
<ol>
  <li><strong>Map:</strong> a one-hour session to draw the current process and pick the step with the best return.</li>
  <li><strong>Automate:</strong> a working version on your real documents within two weeks, with a human review step kept in.</li>
  <li><strong>Measure:</strong> accuracy and time saved are tracked from day one; we remove the review step only when the numbers allow.</li>
</ol>
<h3>Built to last</h3>
<p>We prefer boring, well-supported tools and write runbooks for your team. If a supplier changes their invoice format, the system tells you instead of failing silently.</p>`,
  caseStudies: [
    {
      title: 'Accounts payable for a distributor',
      description:
        'A wholesale distributor processing 900 supplier invoices a month now has them read, matched to purchase orders and posted to Tally automatically; manual entry fell by 85%.',
    },
    {
      title: 'Weekly investor report',
      description:
        'A seed-stage startup replaced a half-day spreadsheet ritual with an automated pull from Stripe, HubSpot and Google Analytics that drafts the weekly update every Monday at 9:00.',
    },
  ],
};
