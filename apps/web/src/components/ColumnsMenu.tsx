import type { VisibilityState } from '@tanstack/react-table';
import { Columns3 } from 'lucide-react';
import { Button } from './Button';
import type { Column } from './DataTable';
import { Menu, MenuCheckboxItem } from './Menu';

/** The table's Columns menu: show or hide every column the user may hide. */
export function ColumnsMenu<T>({
  columns,
  visibility,
  onChange,
}: {
  columns: Column<T>[];
  visibility: VisibilityState;
  onChange: (id: string, visible: boolean) => void;
}) {
  return (
    <Menu
      heading="Show columns"
      trigger={
        <Button variant="secondary" size="sm">
          <Columns3 size={15} aria-hidden /> Columns
        </Button>
      }
    >
      {columns
        .filter((c) => !c.alwaysVisible)
        .map((c) => (
          <MenuCheckboxItem key={c.id} checked={visibility[c.id] !== false} onCheckedChange={(v) => onChange(c.id, v)}>
            {c.header}
          </MenuCheckboxItem>
        ))}
    </Menu>
  );
}
