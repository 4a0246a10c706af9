// Written without Intl, whose first use on a page costs tens of milliseconds (decision 031).
export { formatWhen } from '@site/shared/dates';
export { formatNumber, formatPaise, formatRupees } from '@site/shared/money';
