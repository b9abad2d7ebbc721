import { ChevronRight, LogOut } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../router';
import { useFeature } from '../features';
import { ME_PAGES } from '../routes';
import { signOut } from '../signout';

/** Everything not on the tab bar: the pages listed with `more: true`, and sign-out. */
export default function MorePage() {
  const on = useFeature();
  const [busy, setBusy] = useState(false);
  const pages = ME_PAGES.filter((p) => p.more && on(p.feature));
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-fg">More</h1>
      <ul className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface shadow-sm">
        {pages.map((p) => (
          <li key={p.path}>
            <Link
              to={`/${p.path}`}
              className="flex min-h-14 items-center justify-between px-4 text-base font-medium text-fg hover:bg-subtle"
            >
              {p.title}
              <ChevronRight size={18} className="text-muted" aria-hidden />
            </Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void signOut();
            }}
            className="flex min-h-14 w-full items-center gap-2 px-4 text-left text-base font-medium text-danger-text hover:bg-danger-soft disabled:opacity-60"
          >
            <LogOut size={18} aria-hidden />
            Sign out
          </button>
        </li>
      </ul>
    </div>
  );
}
