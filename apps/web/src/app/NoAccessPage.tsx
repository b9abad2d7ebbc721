import { filterMenu } from '@arena/contracts';
import { ShieldOff } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../components/Button';
import { Card } from '../components/Card';
import { usePermissions } from '../state/permissions';
import { RESOLVED_MENU, type ResolvedNode } from './menu';

const moduleText = (node: ResolvedNode) => (Array.isArray(node.module) ? node.module.join(' or ') : String(node.module));

/** A user without the route's module who types its URL sees this, not the page (issue 3). */
export function NoAccessPage({ node }: { node: ResolvedNode }) {
  const allowed = usePermissions((s) => s.allowedModules);
  const firstAllowed = filterMenu(RESOLVED_MENU, allowed).find((n) => !n.hidden && n.module);
  return (
    <Card className="mx-auto mt-6 max-w-lg px-6 py-10 text-center">
      <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-danger-soft text-danger-text">
        <ShieldOff size={22} aria-hidden />
      </div>
      <h1 className="text-lg font-semibold">You don't have access to this page</h1>
      <p className="mt-2 text-sm text-muted">
        {node.label} is part of <strong className="font-medium text-fg">{moduleText(node)}</strong>, which is not enabled for your account.
        Ask your organisation's owner if you need it.
      </p>
      {firstAllowed && (
        <Link to={firstAllowed.fullPath} className={buttonClass('secondary', 'md', 'mt-6')}>
          Go to {firstAllowed.label}
        </Link>
      )}
    </Card>
  );
}
