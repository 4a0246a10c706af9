/** One list for the UI and the api: the server holds the same ids and prices. */
export { bookingPackages, type BookingPackage } from '@site/shared/contracts/booking-packages';
