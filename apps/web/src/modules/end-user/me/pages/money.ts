/** The member app's money and booking calls (issue 27): query keys, the invoice download, a checkout. */
import { meMoneyEndpoints } from '@arena/contracts/end-user/routes';
import { fetchFile, saveBlob } from '../../../../lib/api';

export { meMoneyEndpoints };

export const moneyKeys = {
  dues: ['me', 'dues'] as const,
  renewal: ['me', 'renewal'] as const,
  invoices: (page: number) => ['me', 'invoices', page] as const,
  order: (id: string) => ['me', 'order', id] as const,
  facilities: ['me', 'facilities'] as const,
  availability: (facility: number, date: string) => ['me', 'availability', facility, date] as const,
  bookings: ['me', 'bookings'] as const,
};

/** Downloads one of the member's invoices as a PDF (the member key is sent: /api/me/). */
export async function downloadInvoice(id: number, number: string): Promise<void> {
  const file = await fetchFile(meMoneyEndpoints.invoicePdf, { params: { id } }, 'application/pdf');
  saveBlob(file.blob, file.name ?? `${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`);
}

/** Goes to the payment page (the sandbox's or the gateway's checkout); it comes back to /me/pay?order=…&status=…. */
export const goToCheckout = (url: string) => window.location.assign(url);

/** Today (plus some days) as YYYY-MM-DD by this phone's clock. */
export function todayIso(offsetDays = 0): string {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** "06:00:00" → "06:00". */
export const hhmm = (t: string) => t.slice(0, 5);
