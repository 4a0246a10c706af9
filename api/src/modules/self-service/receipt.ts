import { formatWhen } from '@site/shared/dates';
import { formatPaise } from '@site/shared/money';
import { site } from '@site/shared/site-config';
import { escapeMarkup } from '../../lib/escape';
import { whenForBuyer } from '../fulfilment/times';
import type { OrderRow } from '../orders/service';

/** The seller's details a receipt names, when the consultancy sets them (RECEIPT_* settings). */
export interface ReceiptSeller {
  legalName?: string;
  address?: string;
  gstin?: string;
  sac?: string;
  /** GST included in the price, in percent (0: none shown). */
  taxPercent: number;
}

/** "R-000042": receipts are filed by a sequential number (migration 0027). */
export const receiptNumberOf = (n: number) => `R-${String(n).padStart(6, '0')}`;

/**
 * A receipt a business can file: its number, the buyer, what was bought and for how much (with the
 * GST in it when configured), and who sold it (the legal name, address and GSTIN when set).
 */
export const receiptBody = (row: OrderRow, buyer: { username: string; email: string } | undefined, seller: ReceiptSeller) => {
  const taxPaise = seller.taxPercent > 0 ? Math.round((row.amountPaise * seller.taxPercent) / (100 + seller.taxPercent)) : 0;
  const sellerLines = [seller.legalName ?? site.name, ...(seller.address ? seller.address.split(/\s*\n\s*|\s*;\s*/) : site.address.lines)];
  return `<dl>
${row.receiptNumber ? `<dt>Receipt number</dt><dd>${escapeMarkup(receiptNumberOf(row.receiptNumber))}</dd>
` : ''}<dt>Order id</dt><dd>${escapeMarkup(row.id)}</dd>
<dt>Date paid</dt><dd>${escapeMarkup(formatWhen(row.paidAt!))}</dd>
${buyer ? `<dt>Billed to</dt><dd>${escapeMarkup(buyer.username)}<br>${escapeMarkup(buyer.email)}</dd>
` : ''}<dt>Item</dt><dd>${escapeMarkup(row.packageName)}${row.startTime ? `, booked for ${escapeMarkup(whenForBuyer(row.startTime, row.timeZone))}` : ''}${seller.sac ? `<br>SAC ${escapeMarkup(seller.sac)}` : ''}</dd>
${taxPaise > 0 ? `<dt>Taxable value</dt><dd>${escapeMarkup(formatPaise(row.amountPaise - taxPaise))}</dd>
<dt>GST (${seller.taxPercent}%, included)</dt><dd>${escapeMarkup(formatPaise(taxPaise))}</dd>
` : ''}<dt>Amount</dt><dd><strong>${escapeMarkup(formatPaise(row.amountPaise))}</strong> (${row.currency})</dd>
<dt>Status</dt><dd>${row.status === 'refunded' ? `Refunded${row.refundedAt ? ` on ${escapeMarkup(formatWhen(row.refundedAt))}` : ''}` : 'Paid'}</dd>
</dl>
<address><strong>${escapeMarkup(sellerLines[0]!)}</strong><br>${sellerLines.slice(1).map(escapeMarkup).join('<br>')}${seller.gstin ? `<br>GSTIN ${escapeMarkup(seller.gstin)}` : ''}<br>${escapeMarkup(site.email)} · ${site.phones.map(escapeMarkup).join(' · ')}</address>
<p class="hint">Print this page or save it as PDF from your browser's print menu.</p>`;
};
