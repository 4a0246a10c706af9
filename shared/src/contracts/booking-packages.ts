/**
 * The consultation packages of the pricing section. The api seeds its packages table from this
 * list (same ids, names and prices) and is the price authority; the UI shows these values only
 * until GET /api/bookings/packages answers.
 */
export interface BookingPackage {
  id: string;
  name: string;
  description: string;
  /** Rupees, or 'Custom' for the package that leads to the contact page. */
  price: number | 'Custom';
  /** Minutes; 0 for the custom package. */
  duration: number;
  benefits: string[];
  badge?: string;
}

export const bookingPackages: readonly BookingPackage[] = [
  {
    id: '6f1d2c1e-8a43-4b52-9d0e-2b7c4f6a9e01',
    name: 'Starter Strategy Call',
    description: 'A focused call to find where AI can save your team the most time.',
    price: 1200,
    duration: 45,
    benefits: ['Review of your current workflow', 'Three high-impact AI opportunities', 'Tool and cost recommendations', 'Written summary within 24 hours'],
    badge: 'Most Popular',
  },
  {
    id: '9b3e7a52-1c6d-4f08-a2b4-5d8e0f3c7a12',
    name: 'AI Readiness Audit',
    description: 'A deeper look at your data, processes and stack before you build.',
    price: 2100,
    duration: 90,
    benefits: ['Data and process readiness check', 'Prioritised automation roadmap', 'Build-vs-buy analysis', 'Follow-up Q&A by e-mail for a week'],
  },
  {
    id: 'c4a8e2d9-7f15-4b3a-8e6c-1a9d5b2f0c23',
    name: 'Custom AI Roadmap',
    description: 'A tailored engagement for teams ready to ship AI across the business.',
    price: 'Custom',
    duration: 0,
    benefits: ['Workshops with your team', 'Architecture and vendor selection', 'Pilot build plan with milestones', 'Ongoing advisory options'],
  },
];

/** Bookable start times (spec §5, §9): 9:00 to 18:00 inclusive, India Standard Time, 15-minute steps. */
export const BOOKING_TIME_ZONE = 'Asia/Kolkata';
export const BOOKING_FIRST_HOUR = 9;
export const BOOKING_LAST_HOUR = 18;
export const BOOKING_STEP_MINUTES = 15;
/** IST is UTC+05:30 all year (no daylight saving). */
const IST_OFFSET_MINUTES = 330;

/** Whether a start instant is a bookable time of day (ignores whether it is in the future or free). */
export function isBookableStart(start: Date): boolean {
  if (Number.isNaN(start.getTime()) || start.getUTCSeconds() !== 0 || start.getUTCMilliseconds() !== 0) return false;
  const minutes = (start.getUTCHours() * 60 + start.getUTCMinutes() + IST_OFFSET_MINUTES) % (24 * 60);
  return minutes % BOOKING_STEP_MINUTES === 0 && minutes >= BOOKING_FIRST_HOUR * 60 && minutes <= BOOKING_LAST_HOUR * 60;
}
