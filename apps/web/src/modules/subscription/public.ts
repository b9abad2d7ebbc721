/**
 * Administrator › Subscription (issue 23 §2): the screens the administrator's manifest names
 * (billing, plans, history, add-ons, SMS plan). The API is the subscription module's.
 */
export { AddonsPage, BillingPage, HistoryPage, PlansPage, SmsPlanPage } from './pages';
