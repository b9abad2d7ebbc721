import type { WebModule } from '../lib/web-module';
import { accommodationModule } from '../modules/accommodation/manifest';
import { accountsModule } from '../modules/accounts/manifest';
import { administratorModule } from '../modules/administrator/manifest';
import { assetModule } from '../modules/asset/manifest';
import { bookingModule } from '../modules/booking/manifest';
import { crmModule } from '../modules/crm/manifest';
import { dashboardModule } from '../modules/dashboard/manifest';
import { dietModule } from '../modules/diet/manifest';
import { endUserModule } from '../modules/end-user/manifest';
import { futureModule } from '../modules/future/manifest';
import { incomeExpenseModule } from '../modules/income-expense/manifest';
import { moneyModule } from '../modules/money/manifest';
import { membershipModule } from '../modules/membership/manifest';
import { messagingModule } from '../modules/messaging/manifest';
import { referralModule } from '../modules/referral/manifest';
import { reportsModule } from '../modules/reports/manifest';
import { settingsModule } from '../modules/settings/manifest';
import { staffModule } from '../modules/staff/manifest';
import { storeModule } from '../modules/store/manifest';
import { supportModule } from '../modules/support/manifest';
import { trainingWorkoutModule } from '../modules/training-workout/manifest';

/** The web modules, listed once: a new module is its folder (with its manifest) plus one line here. */
export const WEB_MODULES = [
  dashboardModule,
  administratorModule,
  bookingModule,
  reportsModule,
  settingsModule,
  accountsModule,
  supportModule,
  moneyModule,
  incomeExpenseModule,
  membershipModule,
  messagingModule,
  staffModule,
  crmModule,
  referralModule,
  storeModule,
  dietModule,
  trainingWorkoutModule,
  accommodationModule,
  assetModule,
  endUserModule,
  futureModule,
] as const;

type ScreensOf<M> = M extends WebModule<infer S> ? S : never;

/** Every built screen's id, from the manifests. */
export type ScreenId = ScreensOf<(typeof WEB_MODULES)[number]>;
