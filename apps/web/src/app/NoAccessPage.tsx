import { ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../components/Button';
import { Card } from '../components/Card';
import type { ResolvedNode } from '../lib/web-module';
import { refreshPermissions, usePermissions } from '../state/permissions';
import { LABELS, landingPath } from './menu';

const moduleText = (node: ResolvedNode) => (Array.isArray(node.module) ? node.module.join(' or ') : String(node.module));

/** A user without the route's module who types its URL sees this, not the page (issue 3). */
export function NoAccessPage({ node }: { node: ResolvedNode }) {
  const allowed = usePermissions((s) => s.allowedModules);
  const refreshing = usePermissions((s) => s.isRefreshing);
  const [checked, setChecked] = useState(false);
  const landing = landingPath(allowed);
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
      {checked && !refreshing && (
        <p role="status" className="mt-3 text-sm text-muted">
          Checked again: still not enabled.
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {landing && (
          <Link to={landing} className={buttonClass('secondary')}>
            Go to {LABELS.get(landing) ?? 'your first screen'}
          </Link>
        )}
        {/* The owner may have just granted the module: ask the server again instead of waiting for the 30-minute cache. */}
        <Button
          variant="ghost"
          disabled={refreshing}
          onClick={() => {
            setChecked(true);
            void refreshPermissions();
          }}
        >
          {refreshing ? 'Checking…' : 'Check again'}
        </Button>
      </div>
    </Card>
  );
}
