import { clsx } from 'clsx';
import { NavLink } from 'react-router';

/** The tabs of a tabbed page (menu nodes that hide their children), as links. */
export function TabNav({ label, tabs }: { label: string; tabs: { to: string; label: string }[] }) {
  return (
    <nav aria-label={label} className="-mt-2 mb-5 flex gap-1 overflow-x-auto border-b border-line">
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end
          className={({ isActive }) =>
            clsx(
              '-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium',
              isActive ? 'border-accent text-accent-text' : 'border-transparent text-muted hover:text-fg',
            )
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
