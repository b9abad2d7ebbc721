import type { MemberFeature } from '@arena/contracts/end-user';
import { useHome } from './api';

/**
 * Whether a feature is on — of a list, whether any is (a page serving two switches) — on until the
 * home answer says otherwise (GET /api/me/ `features`).
 */
export function useFeature(): (feature: MemberFeature | readonly MemberFeature[] | undefined) => boolean {
  const { home } = useHome();
  const one = (f: MemberFeature) => !home || home.features[f] !== false;
  return (feature) => !feature || (typeof feature === 'string' ? one(feature) : feature.some(one));
}
