/** Every module of the API, once. Adding a module: its folder with a `module.ts`, plus one line here. */
import { registerModules, type ModuleManifest } from '../platform/module.js';
import { accommodationModule } from './accommodation/module.js';
import { accountsModule } from './accounts/module.js';
import { administratorModule } from './administrator/module.js';
import { assetModule } from './asset/module.js';
import { bookingModule } from './booking/module.js';
import { crmModule } from './crm/module.js';
import { dietModule } from './diet/module.js';
import { endUserModule } from './end-user/module.js';
import { incomeExpenseModule } from './income-expense/module.js';
import { moneyModule } from './money/module.js';
import { membershipModule } from './membership/module.js';
import { notificationsModule } from './notifications/module.js';
import { messagingModule } from './messaging/module.js';
import { paymentsModule } from './payments/module.js';
import { publicModule } from './public/module.js';
import { referralModule } from './referral/module.js';
import { staffModule } from './staff/module.js';
import { storeModule } from './store/module.js';
import { subscriptionModule } from './subscription/module.js';
import { trainingWorkoutModule } from './training-workout/module.js';

export const MODULE_MANIFESTS: ModuleManifest[] = registerModules([
  accountsModule,
  administratorModule,
  publicModule,
  bookingModule,
  moneyModule,
  paymentsModule,
  incomeExpenseModule,
  membershipModule,
  staffModule,
  notificationsModule,
  messagingModule,
  crmModule,
  subscriptionModule,
  referralModule,
  storeModule,
  trainingWorkoutModule,
  dietModule,
  accommodationModule,
  assetModule,
  endUserModule,
]);
