import { describe, expect, it } from 'vitest';
import { filterMenu, findEntry, hasModule, hasModules, isEntryAllowed, menuChildren, type MenuEntry } from './menu.js';
import { NEVER_MODULE } from './modules.js';

interface Item extends MenuEntry {
  label: string;
  children?: Item[];
}

const labels = (items: Item[]): string[] => items.map((i) => i.label);

describe('menu visibility (spec 2.1)', () => {
  it('shows an entry whose module is in the allowed list and hides one whose module is not', () => {
    const menu: Item[] = [
      { label: 'Booking', module: 'Booking Management' },
      { label: 'Store', module: 'Store Management' },
    ];
    expect(labels(filterMenu(menu, ['Booking Management']))).toEqual(['Booking']);
  });

  it('shows an entry with no module to everyone who has an allowed list', () => {
    const menu: Item[] = [{ label: 'Reports' }, { label: 'Settings', module: null }];
    expect(labels(filterMenu(menu, ['CRM Management']))).toEqual(['Reports', 'Settings']);
  });

  it('shows an entry listing several modules when any one of them is allowed', () => {
    const menu: Item[] = [
      { label: 'Shared', module: ['Store Management', 'CRM Management'] },
      { label: 'Neither', module: ['Store Management', 'Asset Management'] },
    ];
    expect(labels(filterMenu(menu, ['CRM Management']))).toEqual(['Shared']);
  });

  it('shows the Never-module entry only when asked to include it', () => {
    const menu: Item[] = [{ label: 'Home' }, { label: 'Not Found', module: NEVER_MODULE }];
    expect(labels(filterMenu(menu, ['CRM Management']))).toEqual(['Home']);
    expect(labels(filterMenu(menu, ['CRM Management'], { includeNever: true }))).toEqual(['Home', 'Not Found']);
  });

  it('shows no entries when the allowed list is empty or missing', () => {
    const menu: Item[] = [{ label: 'Reports' }, { label: 'Booking', module: 'Booking Management' }];
    expect(filterMenu(menu, [])).toEqual([]);
    expect(filterMenu(menu, undefined)).toEqual([]);
    expect(filterMenu(menu, null)).toEqual([]);
  });

  it('drops a parent entry left with no visible children', () => {
    const menu: Item[] = [
      { label: 'Admin', children: [{ label: 'Centres', module: 'Administrator Management' }] },
      {
        label: 'CRM',
        children: [
          { label: 'Enquiries', module: 'CRM Management' },
          { label: 'Store', module: 'Store Management' },
        ],
      },
    ];
    const visible = filterMenu(menu, ['CRM Management']);
    expect(labels(visible)).toEqual(['CRM']);
    expect(labels(visible[0].children ?? [])).toEqual(['Enquiries']);
  });

  it('lists no children in the menu for an entry that hides its children (tabbed page)', () => {
    const tabs: Item = { label: 'Complaints', hideChildren: true, children: [{ label: 'Open' }, { label: 'Closed' }] };
    const plain: Item = { label: 'Performance', children: [{ label: 'Category' }] };
    expect(menuChildren(tabs)).toEqual([]);
    expect(labels(menuChildren(plain) as Item[])).toEqual(['Category']);
    // the tabs still exist as routes after filtering
    expect(labels(filterMenu([tabs], ['CRM Management'])[0].children ?? [])).toEqual(['Open', 'Closed']);
  });
});

describe('module checks (spec 6)', () => {
  const allowed = ['CRM Management', 'Booking Management'];
  it('checks one module', () => {
    expect(hasModule(allowed, 'CRM Management')).toBe(true);
    expect(hasModule(allowed, 'Store Management')).toBe(false);
    expect(hasModule(undefined, 'CRM Management')).toBe(false);
  });
  it('checks any of a set of modules', () => {
    expect(hasModules(allowed, ['Store Management', 'CRM Management'])).toBe(true);
    expect(hasModules(allowed, ['Store Management'])).toBe(false);
  });
  it('checks all of a set of modules', () => {
    expect(hasModules(allowed, ['CRM Management', 'Booking Management'], 'all')).toBe(true);
    expect(hasModules(allowed, ['CRM Management', 'Store Management'], 'all')).toBe(false);
  });
  it('treats a single entry requirement the same way as the menu filter', () => {
    expect(isEntryAllowed(undefined, allowed)).toBe(true);
    expect(isEntryAllowed('Store Management', allowed)).toBe(false);
    expect(isEntryAllowed(NEVER_MODULE, allowed, { includeNever: true })).toBe(true);
  });
});

describe('findEntry', () => {
  const menu: Item[] = [
    { label: 'Dashboard', module: 'Administrator Management' },
    { label: 'Members', module: 'Membership Management', children: [{ label: 'Member list' }] },
    {
      label: 'Booking',
      module: 'Booking Management',
      children: [{ label: 'Booking dashboard' }, { label: 'Day view' }],
    },
    { label: 'Settings', module: null },
  ];
  const built = new Set(['Dashboard', 'Booking dashboard', 'Day view', 'Settings']);
  const firstBuilt = (allowed: string[]) => findEntry(menu, allowed, (e) => built.has(e.label) && e.module !== null)?.label;

  it('finds the first visible entry the predicate accepts, depth first in menu order', () => {
    expect(firstBuilt(['Administrator Management', 'Booking Management'])).toBe('Dashboard');
    // Membership is first but has nothing accepted: the search goes on to Booking's children.
    expect(firstBuilt(['Membership Management', 'Booking Management'])).toBe('Booking dashboard');
  });

  it('skips entries the user may not see, and finds nothing when nothing is accepted', () => {
    expect(firstBuilt(['Membership Management'])).toBeUndefined();
    expect(firstBuilt([])).toBeUndefined();
  });
});
