import type { MemberFeature } from '@arena/contracts/end-user';
import { useHome } from './api';

/** Whether a feature is on: on until the home answer says otherwise (GET /api/me/ `features`). */
export function useFeature(): (feature: MemberFeature | undefined) => boolean {
  const { home } = useHome();
  return (feature) => !feature || !home || home.features[feature] !== false;
}
