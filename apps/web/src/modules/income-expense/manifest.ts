import { defineModule, lazyScreen, lazyTile, menuBuilder } from '../../lib/web-module';

const MODULE = 'Income/Expenses Management';
const load = () => import('./index');
const tiles = () => import('./dashboard-tiles');
const homeTiles = () => import('./home-tiles');

const screens = {
  'income-expense-dashboard': lazyScreen(load, (m) => m.IncomeExpenseDashboardPage),
  'income-expense-entries': lazyScreen(load, (m) => m.EntriesPage),
  'income-expense-categories': lazyScreen(load, (m) => m.CategoryListPage),
  'income-expense-vendors': lazyScreen(load, (m) => m.VendorListPage),
  'income-expense-transactions': lazyScreen(load, (m) => m.LedgerPage),
  'income-expense-logs': lazyScreen(load, (m) => m.IncomeExpenseLogsPage),
  'income-expense-reports': lazyScreen(load, (m) => m.IncomeExpenseReportsPage),
};
const { entry } = menuBuilder<keyof typeof screens>();

/** Income/Expenses Management: the one ledger of money in and out, manual entries by category and vendor, and their reports. */
export const incomeExpenseModule = defineModule({
  name: 'income-expense',
  screens,
  menu: [
    {
      order: 60,
      node: entry('Income/Expenses', 'income-expense', { module: MODULE }, [
        entry('Dashboard', 'dashboard', { screen: 'income-expense-dashboard' }),
        entry('Income/Expenses', '', { screen: 'income-expense-entries' }),
        entry('Category', 'category', { screen: 'income-expense-categories' }),
        entry('Vendor', 'vendor', { screen: 'income-expense-vendors' }),
        entry('Transactions', 'transactions', { screen: 'income-expense-transactions' }),
        entry('Logs', 'logs', { screen: 'income-expense-logs' }),
      ]),
    },
    {
      order: 30,
      under: 'reports',
      node: entry('Income/Expense', 'income-expense', {
        // Reports has no module of its own; each report is its module's.
        module: MODULE,
        screen: 'income-expense-reports',
        note: 'Income, expense, total pie, category wise.',
      }),
    },
  ],
  tiles: [
    {
      id: 'money-collections',
      title: 'Collections',
      module: MODULE,
      // This month's money in, every module: the Transactions screen with the tile's filters.
      to: '/income-expense/transactions?type=income',
      linkLabel: 'Open transactions',
      span: 1,
      order: 20,
      component: lazyTile(homeTiles, (m) => m.CollectionsTile),
    },
    {
      id: 'money-dues',
      title: 'Dues outstanding',
      module: MODULE,
      to: '/reports/membership?report=dues',
      linkLabel: 'Open dues',
      span: 1,
      order: 22,
      component: lazyTile(homeTiles, (m) => m.DuesTile),
    },
    {
      id: 'income-expense-month',
      title: 'Income vs expense, this month',
      module: MODULE,
      to: '/income-expense/dashboard',
      linkLabel: 'Open dashboard',
      span: 1,
      order: 25,
      component: lazyTile(tiles, (m) => m.MonthTile),
    },
  ],
});
