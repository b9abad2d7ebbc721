import { LogOut, Mail, Maximize, Menu as MenuIcon, Minimize, Plus, Settings } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { capitalise } from '../../lib/format';
import { useMessagesInbox } from '../../lib/inbox';
import { useAuth } from '../../state/auth';
import { CountBadge, InboxRow, NotificationsMenu } from '../../modules/administrator/public';
import { Menu, MenuItem, MenuSeparator } from '../../components/Menu';
import { GlobalSearch } from './GlobalSearch';
import { QUICK_ACTIONS } from './useShortcuts';

const iconButtonClass =
  'relative inline-flex h-9 w-9 items-center justify-center rounded-md text-muted hover:bg-subtle hover:text-fg data-[state=open]:bg-subtle data-[state=open]:text-fg';

function useFullscreen(): [boolean, () => void] {
  const [on, setOn] = useState(() => !!document.fullscreenElement);
  useEffect(() => {
    const sync = () => setOn(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen?.();
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  return [on, toggle];
}

/**
 * The Messages dropdown: its entries come from `useMessagesInbox()` (lib/inbox.ts), which the
 * messaging engine provides (latest inbound messages and delivery failures); until then, an
 * honest empty state.
 */
function MessagesMenu() {
  const navigate = useNavigate();
  const inbox = useMessagesInbox();
  return (
    <Menu
      label="Messages"
      heading="Messages"
      className="w-[min(22rem,calc(100vw-1.5rem))]"
      trigger={
        <button type="button" className={iconButtonClass} aria-label={inbox.unread ? `Messages, ${inbox.unread} unread` : 'Messages'}>
          <Mail size={18} aria-hidden />
          <CountBadge count={inbox.unread} label="messages" />
        </button>
      }
    >
      <MenuSeparator />
      {inbox.entries.length === 0 ? (
        <div className="px-3 py-6 text-center">
          <Mail size={20} className="mx-auto mb-2 text-muted" aria-hidden />
          <p className="text-sm font-medium">No messages</p>
          <p className="mt-1 text-xs text-muted">You're all caught up. New messages will show up here.</p>
        </div>
      ) : (
        inbox.entries.map((m) => (
          <MenuItem
            key={m.id}
            onSelect={() => {
              inbox.markRead?.(m);
              if (m.link) navigate(m.link);
            }}
          >
            <InboxRow
              title={m.title}
              body={m.body}
              at={m.at}
              unread={m.unread}
              tag={m.kind === 'failure' ? 'Delivery failed' : 'Received'}
            />
          </MenuItem>
        ))
      )}
      {inbox.viewAll && (
        <>
          <MenuSeparator />
          <MenuItem onSelect={() => navigate(inbox.viewAll!)}>
            <span className="text-xs font-medium text-accent-text">View all</span>
          </MenuItem>
        </>
      )}
    </Menu>
  );
}

export function TopBar({ onMenuClick }: { onMenuClick: () => void }) {
  const navigate = useNavigate();
  const firstName = useAuth((s) => s.user?.first_name);
  const role = useAuth((s) => s.user?.role_name);
  const [fullscreen, toggleFullscreen] = useFullscreen();
  const displayName = firstName ? capitalise(firstName) : 'user';

  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-line bg-surface px-3 sm:px-4 lg:px-6">
      <button
        type="button"
        data-sidebar-toggle
        onClick={onMenuClick}
        className={iconButtonClass}
        aria-label="Toggle sidebar"
        aria-controls="app-sidebar"
      >
        <MenuIcon size={18} aria-hidden />
      </button>

      <GlobalSearch />

      <div className="ml-auto flex shrink-0 items-center gap-1">
        <Menu
          label="Quick add"
          className="min-w-52"
          trigger={
            <button
              type="button"
              className="inline-flex h-9 items-center gap-1.5 rounded-md bg-accent px-2.5 text-sm font-medium text-accent-fg shadow-sm hover:bg-accent-hover"
              aria-label="Quick add"
            >
              <Plus size={16} aria-hidden />
              <span className="hidden md:inline">New</span>
            </button>
          }
        >
          {QUICK_ACTIONS.map((action) => (
            <MenuItem key={action.path} onSelect={() => navigate(action.path)}>
              <span className="flex-1">{action.label}</span>
              <kbd className="rounded border border-line bg-subtle px-1.5 py-0.5 font-sans text-[11px] text-muted">{action.keys}</kbd>
            </MenuItem>
          ))}
        </Menu>

        <button
          type="button"
          onClick={toggleFullscreen}
          className={`${iconButtonClass} max-sm:hidden`}
          aria-label={fullscreen ? 'Exit fullscreen' : 'Enter fullscreen'}
        >
          {fullscreen ? <Minimize size={18} aria-hidden /> : <Maximize size={18} aria-hidden />}
        </button>
        <MessagesMenu />
        <NotificationsMenu buttonClass={iconButtonClass} />

        <Menu
          label="User menu"
          className="min-w-52"
          trigger={
            <button
              type="button"
              className="ml-1 flex items-center gap-2 rounded-md py-1 pl-1 pr-2 text-left hover:bg-subtle data-[state=open]:bg-subtle"
              aria-label={`User menu: ${displayName}`}
            >
              <span
                className="flex h-8 w-8 items-center justify-center rounded-full bg-accent-soft text-sm font-semibold text-accent-text"
                aria-hidden="true"
              >
                {displayName.charAt(0).toUpperCase()}
              </span>
              <span className="hidden leading-tight md:block">
                <span className="block text-sm font-medium text-fg">{displayName}</span>
                <span className="block text-xs text-muted">{role || '--'}</span>
              </span>
            </button>
          }
        >
          <div className="px-2.5 py-2 md:hidden">
            <p className="text-sm font-medium">{displayName}</p>
            <p className="text-xs text-muted">{role || '--'}</p>
          </div>
          <MenuItem onSelect={() => navigate('/settings')}>
            <Settings size={16} aria-hidden /> Settings
          </MenuItem>
          <MenuSeparator />
          <MenuItem onSelect={() => navigate('/logout')}>
            <LogOut size={16} aria-hidden /> Logout
          </MenuItem>
        </Menu>
      </div>
    </header>
  );
}
