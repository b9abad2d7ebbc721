/** Refer and earn (issue 23 §3): the organisation's code and link, and the organisations it referred. */
import { z } from '../zod-config.js';
import { endpoint } from '../endpoint.js';

/**
 * Where a referred organisation is: `signed_up` (registered through the link, its trial running),
 * `trial` (its trial is over and it has not paid), `paid` (it paid a subscription; the reward is
 * on its way or was refused), `rewarded` (both organisations got their free month).
 */
export const REFERRAL_STATES = ['signed_up', 'trial', 'paid', 'rewarded'] as const;
export type ReferralState = (typeof REFERRAL_STATES)[number];
export const REFERRAL_STATE_LABELS: Record<ReferralState, string> = {
  signed_up: 'Signed up',
  trial: 'Trial ended',
  paid: 'Paid',
  rewarded: 'Rewarded',
};

export const referralSchema = z.object({
  id: z.number(),
  display_name: z.string(),
  registered_on: z.string(),
  state: z.enum(REFERRAL_STATES),
  rewarded_on: z.string().nullable(),
});
export type Referral = z.infer<typeof referralSchema>;

export const referralOverviewSchema = z.object({
  code: z.string(),
  link: z.string(),
  /** The link as a QR code: an SVG image as a `data:` URL, for an `<img>`. */
  qr_svg: z.string(),
  /** The text a WhatsApp share carries (the link included). */
  share_text: z.string(),
  whatsapp_url: z.string(),
  /** Free months earned so far (one per rewarded referral). */
  months_earned: z.number(),
  referrals: z.array(referralSchema),
});
export type ReferralOverview = z.infer<typeof referralOverviewSchema>;

export const referralEndpoints = {
  /** The signed-in owner's code, link and referrals (provider host or the organisation's host). */
  overview: endpoint({ method: 'GET', path: '/api/referral/', response: referralOverviewSchema }),
};
