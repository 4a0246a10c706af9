import { formatWhen } from '@site/shared/dates';
import { formatPaise } from '@site/shared/money';
import { site } from '@site/shared/site-config';
import type { Content, Element, Node } from '../../lib/site-page';
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

/** Lines of text, each after the first on a new line. */
const lines = (h: Element, texts: readonly string[]): Node[] => texts.flatMap((text, i) => (i === 0 ? [text] : [h('br', { key: i }), text]));

/**
 * A receipt a business can file: its number, the buyer, what was bought and for how much (with the
 * GST in it when configured), and who sold it (the legal name, address and GSTIN when set).
 */
export const receiptContent = (row: OrderRow, buyer: { username: string; email: string } | undefined, seller: ReceiptSeller): Content => (h) => {
  const taxPaise = seller.taxPercent > 0 ? Math.round((row.amountPaise * seller.taxPercent) / (100 + seller.taxPercent)) : 0;
  const [sellerName, ...sellerAddress] = [seller.legalName ?? site.name, ...(seller.address ? seller.address.split(/\s*\n\s*|\s*;\s*/) : site.address.lines)];
  const entry = (term: string, ...details: Node[]) => [h('dt', { key: `${term}-t` }, term), h('dd', { key: `${term}-d` }, ...details)];
  const item = [row.packageName, ...(row.startTime ? [`, booked for ${whenForBuyer(row.startTime, row.timeZone)}`] : []), ...(seller.sac ? [h('br'), `SAC ${seller.sac}`] : [])];
  const status = row.status === 'refunded' ? `Refunded${row.refundedAt ? ` on ${formatWhen(row.refundedAt)}` : ''}` : 'Paid';
  return [
    h(
      'dl',
      { key: 'receipt' },
      row.receiptNumber ? entry('Receipt number', receiptNumberOf(row.receiptNumber)) : null,
      entry('Order id', row.id),
      entry('Date paid', formatWhen(row.paidAt!)),
      buyer ? entry('Billed to', ...lines(h, [buyer.username, buyer.email])) : null,
      entry('Item', ...item),
      taxPaise > 0 ? [...entry('Taxable value', formatPaise(row.amountPaise - taxPaise)), ...entry(`GST (${seller.taxPercent}%, included)`, formatPaise(taxPaise))] : null,
      entry('Amount', h('strong', null, formatPaise(row.amountPaise)), ` (${row.currency})`),
      entry('Status', status),
    ),
    h(
      'address',
      { key: 'seller' },
      h('strong', null, sellerName),
      ...lines(h, ['', ...sellerAddress, ...(seller.gstin ? [`GSTIN ${seller.gstin}`] : []), [site.email, ...site.phones].join(' · ')]),
    ),
    h('p', { key: 'print', className: 'hint' }, "Print this page or save it as PDF from your browser's print menu."),
  ];
};
