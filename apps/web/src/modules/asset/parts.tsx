import { ASSET_STATUS_LABELS, type AssetStatus } from '@arena/contracts/asset';
import { Badge } from '../../components/Badge';

const TONES: Record<AssetStatus, 'success' | 'danger' | 'neutral'> = {
  in_use: 'success',
  under_maintenance: 'danger',
  retired: 'neutral',
  disposed: 'neutral',
};

export function AssetStatusBadge({ status }: { status: AssetStatus }) {
  return <Badge tone={TONES[status]}>{ASSET_STATUS_LABELS[status]}</Badge>;
}
