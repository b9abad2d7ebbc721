import { referralEndpoints } from '@arena/contracts/referral/routes';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

export const referralKey = ['referral', 'overview'] as const;

/** The signed-in owner's code, link, QR and referrals. */
export const useReferralOverview = () => useQuery({ queryKey: referralKey, queryFn: () => call(referralEndpoints.overview) });
