import { clsx } from 'clsx';
import { format, isValid, parseISO } from 'date-fns';
import { Pin, PinOff, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { OrgAvatar } from '../../components/Avatar';
import { useAuth } from '../../state/auth';
import { sidebar, useSidebar } from '../../state/sidebar';
import { CentreSelector } from './CentreSelector';
import { SidebarMenu } from './SidebarMenu';

/** Spec 2.4's due date as people write it: 23 Dec 2026. */
function expiryText(value: string | null | undefined): string {
  if (!value) return '---';
  const date = parseISO(value);
  return isValid(date) ? format(date, 'dd MMM yyyy') : value;
}

/**
 * Spec 2.4 / 4. Desktop: collapsed (w-16, logo and icons) or open (w-64), pinnable. Pinned, it
 * pushes the page aside; unpinned and open, it lies over the page, which is dimmed, and a click
 * outside closes it. Below lg it is a drawer (`drawerOpen`) over the page.
 */
export function Sidebar({ drawerOpen, onDrawerClose }: { drawerOpen: boolean; onDrawerClose: () => void }) {
  const isOpen = useSidebar((s) => s.isOpen);
  const isPinned = useSidebar((s) => s.isPinned);
  const organisation = useAuth((s) => s.organisation);
  const accountNumber = useAuth((s) => s.user?.account_number);
  const dueDate = useAuth((s) => s.user?.due_date);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!isOpen && !drawerOpen) return;
    const onDown = (event: MouseEvent) => {
      const target = event.target as Element | null;
      if (!target || ref.current?.contains(target) || target.closest('[data-sidebar-toggle]')) return;
      // Radix menus, tooltips and toasts render in portals outside the sidebar; they are not "outside clicks".
      if (target.closest('[data-radix-popper-content-wrapper]')) return;
      if (drawerOpen) onDrawerClose();
      sidebar.close();
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [isOpen, drawerOpen, onDrawerClose]);

  useEffect(() => {
    if (!drawerOpen && !(isOpen && !isPinned)) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      if (drawerOpen) onDrawerClose();
      else sidebar.close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen, isOpen, isPinned, onDrawerClose]);

  // The drawer is always expanded; on desktop the width follows isOpen.
  const expanded = drawerOpen || isOpen;
  const overDesktop = isOpen && !isPinned && !drawerOpen;
  const name = organisation?.display_name?.trim() || '---';

  return (
    <>
      {/* The dimmed page behind an open, unpinned sidebar; a click on it closes the sidebar (the handler above). */}
      {(drawerOpen || overDesktop) && (
        <div
          data-sidebar-overlay
          aria-hidden="true"
          className={clsx(
            'fixed inset-x-0 bottom-0 z-40 bg-black/35 dark:bg-black/55',
            drawerOpen ? 'top-0 lg:hidden' : 'top-14 max-lg:hidden',
          )}
        />
      )}
      <aside
        ref={ref}
        id="app-sidebar"
        aria-label="Sidebar"
        data-state={expanded ? 'expanded' : 'collapsed'}
        data-pinned={isPinned ? 'true' : 'false'}
        className={clsx(
          'fixed inset-y-0 left-0 z-50 flex flex-col border-r border-line bg-surface transition-[width,transform] duration-200',
          drawerOpen ? 'w-64 translate-x-0 shadow-xl' : 'max-lg:invisible -translate-x-full lg:translate-x-0',
          !drawerOpen && (isOpen ? 'w-64' : 'w-64 lg:w-16'),
          overDesktop && 'lg:shadow-xl',
        )}
      >
        <div className={clsx('flex h-14 shrink-0 items-center border-b border-line', expanded ? 'gap-2 px-3' : 'justify-center')}>
          <div
            className="flex h-8 w-8 shrink-0 items-center justify-center rounded-md bg-side text-sm font-bold text-white"
            aria-hidden="true"
          >
            A
          </div>
          {expanded && <span className="flex-1 text-base font-semibold tracking-tight">Arena</span>}
          {expanded && !drawerOpen && (
            <button
              type="button"
              onClick={() => (isPinned ? sidebar.unpin() : sidebar.pin())}
              aria-pressed={isPinned}
              aria-label={isPinned ? 'Unpin sidebar' : 'Pin sidebar'}
              title={isPinned ? 'Unpin sidebar' : 'Pin sidebar'}
              className="hidden rounded-md p-1.5 text-muted hover:bg-subtle hover:text-fg lg:inline-flex"
            >
              {isPinned ? <PinOff size={16} aria-hidden /> : <Pin size={16} aria-hidden />}
            </button>
          )}
          {drawerOpen && (
            <button
              type="button"
              onClick={onDrawerClose}
              aria-label="Close menu"
              className="rounded-md p-1.5 text-muted hover:bg-subtle hover:text-fg lg:hidden"
            >
              <X size={18} aria-hidden />
            </button>
          )}
        </div>

        {expanded ? (
          <div className="shrink-0 space-y-3 border-b border-line p-3">
            <div className="flex items-center gap-3">
              <OrgAvatar name={organisation?.display_name} picture={organisation?.display_picture} />
              <div className="min-w-0 text-xs leading-5">
                <p className="truncate text-sm font-semibold text-fg" title={name}>
                  {name}
                </p>
                <p className="truncate text-muted">{accountNumber || '---'}</p>
                <p className="truncate text-muted">Expiry On: {expiryText(dueDate)}</p>
              </div>
            </div>
            <CentreSelector />
          </div>
        ) : (
          <div className="flex shrink-0 justify-center border-b border-line py-3">
            <OrgAvatar name={organisation?.display_name} picture={organisation?.display_picture} size="sm" />
          </div>
        )}

        <SidebarMenu
          expanded={expanded}
          onNavigate={() => {
            if (drawerOpen) onDrawerClose();
            else sidebar.close();
          }}
          onExpandRequest={() => sidebar.open()}
        />
      </aside>
    </>
  );
}
