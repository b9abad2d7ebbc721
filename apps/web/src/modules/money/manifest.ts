import { defineModule, lazyScreen, menuBuilder } from '../../lib/web-module';

const MODULE = 'Invoice Management';
const load = () => import('./index');

const screens = {
  'accounts-invoices': lazyScreen(load, (m) => m.AccountsPage),
  'accounts-invoice': lazyScreen(load, (m) => m.InvoicePage),
  'accounts-reports': lazyScreen(load, (m) => m.AccountsReportsPage),
};
const { entry } = menuBuilder<keyof typeof screens>();

/** Invoice Management (/accounts): every module's tax invoices and credit notes, and the Accounts reports. */
export const moneyModule = defineModule({
  name: 'invoices',
  screens,
  menu: [
    {
      order: 150,
      node: entry('Accounts', 'accounts', { module: MODULE, screen: 'accounts-invoices' }, [
        entry('Invoice', ':invoiceId', { hidden: true, screen: 'accounts-invoice' }),
      ]),
    },
    {
      order: 100,
      under: 'reports',
      // Reports has no module of its own; each report is its module's.
      node: entry('Accounts', 'accounts', {
        module: MODULE,
        screen: 'accounts-reports',
        note: 'Profit-loss, income, expense, profit, GST summary.',
      }),
    },
  ],
});
