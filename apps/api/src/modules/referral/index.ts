/** What other modules may use of refer and earn: the reward of a referred organisation's first paid subscription. */
export { rewardReferral, type ReferralRewarded } from './referral.service.js';
