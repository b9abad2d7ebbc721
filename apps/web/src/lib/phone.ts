import { indianMobile } from '@arena/contracts/kit';

/**
 * What a phone field shows as a number is typed or pasted (issue 20 §5): only the characters a
 * phone number is written with (digits, spaces, "+", dashes, dots, brackets), and a whole number
 * pasted with a prefix or punctuation — "+91 98765 43210" as WhatsApp copies it, "098765-43210" —
 * becomes its 10 digits, by the same `indianMobile` the schemas store it with. Digits and spaces
 * as typed ("98765 43210") stay as they are; the schema removes the spaces.
 */
export function phoneFieldText(text: string): string {
  const kept = text.replace(/[^\d\s+\-.()]/g, '');
  const mobile = indianMobile(kept);
  return mobile && mobile !== kept.replace(/\s+/g, '') ? mobile : kept;
}
