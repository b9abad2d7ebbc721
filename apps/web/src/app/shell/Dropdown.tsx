import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/** The look shared by the top bar's menus. */
export function MenuContent({ children, className, label }: { children: ReactNode; className?: string; label?: string }) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        align="end"
        sideOffset={8}
        aria-label={label}
        className={clsx('z-50 min-w-52 rounded-lg border border-line bg-surface p-1 text-sm text-fg shadow-lg', className)}
      >
        {children}
      </DropdownMenu.Content>
    </DropdownMenu.Portal>
  );
}

export const menuItemClass =
  'flex cursor-pointer select-none items-center gap-2.5 rounded-md px-2.5 py-2 outline-none data-[highlighted]:bg-subtle data-[highlighted]:text-fg';

export const iconButtonClass =
  'relative inline-flex h-9 w-9 items-center justify-center rounded-md text-muted hover:bg-subtle hover:text-fg data-[state=open]:bg-subtle data-[state=open]:text-fg';
