import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';

const itemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-2.5 py-1.5 outline-none data-[highlighted]:bg-subtle data-[highlighted]:text-fg';

/**
 * The one dropdown menu of the app (the table's Columns and Export, a row's actions, the top bar's
 * New, inbox and user menus): `trigger` (a button) opens it under its right edge; an optional
 * `heading` on top; `label` names it for assistive technology; `className` sets its width.
 */
export function Menu({
  trigger,
  heading,
  label,
  className,
  children,
}: {
  trigger: ReactNode;
  heading?: ReactNode;
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          aria-label={label}
          className={clsx(
            'z-50 max-h-[var(--radix-dropdown-menu-content-available-height)] min-w-48 overflow-y-auto rounded-lg border border-line bg-surface p-1 text-sm text-fg shadow-lg',
            className,
          )}
        >
          {heading && (
            <DropdownMenu.Label className="px-2.5 py-1.5 text-xs font-semibold uppercase tracking-wide text-muted">
              {heading}
            </DropdownMenu.Label>
          )}
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** A line between groups of items. */
export function MenuSeparator() {
  return <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-line" />;
}

export function MenuItem({ onSelect, children }: { onSelect: () => void; children: ReactNode }) {
  return (
    <DropdownMenu.Item onSelect={onSelect} className={itemClass}>
      {children}
    </DropdownMenu.Item>
  );
}

/** A checkbox item that leaves the menu open, so several can be toggled in a row. */
export function MenuCheckboxItem({
  checked,
  onCheckedChange,
  children,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.CheckboxItem
      checked={checked}
      onSelect={(e) => e.preventDefault()}
      onCheckedChange={(v) => onCheckedChange(!!v)}
      className={itemClass}
    >
      <span className="flex h-4 w-4 items-center justify-center rounded border border-line-strong">
        <DropdownMenu.ItemIndicator>
          <Check size={12} aria-hidden />
        </DropdownMenu.ItemIndicator>
      </span>
      {children}
    </DropdownMenu.CheckboxItem>
  );
}
