import type { ResolvedNode } from '../../lib/web-module';
import { AutoMessagingPage, ManualMessagingPage, MessagingLogsPage, TemplatesPage } from './MessagingPages';

type P = { node: ResolvedNode };
export const AdminManualPage = ({ node }: P) => <ManualMessagingPage node={node} module="administrator" />;
export const AdminAutoPage = ({ node }: P) => <AutoMessagingPage node={node} module="administrator" />;
export const AdminLogsPage = ({ node }: P) => <MessagingLogsPage node={node} module="administrator" />;
export const BookingManualPage = ({ node }: P) => <ManualMessagingPage node={node} module="booking" />;
export const BookingAutoPage = ({ node }: P) => <AutoMessagingPage node={node} module="booking" />;
export const BookingLogsPage = ({ node }: P) => <MessagingLogsPage node={node} module="booking" />;
export const AccommodationManualPage = ({ node }: P) => <ManualMessagingPage node={node} module="accommodation" />;
export const AccommodationAutoPage = ({ node }: P) => <AutoMessagingPage node={node} module="accommodation" />;
export const AccommodationLogsPage = ({ node }: P) => <MessagingLogsPage node={node} module="accommodation" />;
export const CrmTemplatesPage = () => (
  <TemplatesPage
    module="crm"
    title="Message Template"
    description="SMS, WhatsApp and e-mail templates for promotions and today's reminders. Placeholders such as {first_name}, {plan} and {end_date} are filled for each person."
  />
);
export const DietTemplatesPage = () => (
  <TemplatesPage
    module="diet"
    title="Message Template"
    description="WhatsApp, SMS and e-mail templates for sending members their diet. {plan}, {start_date}, {end_date} and {kcal} are filled from each member's own diet."
  />
);
export const TrainingTemplatesPage = () => (
  <TemplatesPage
    module="training"
    title="Message Template"
    description="WhatsApp, SMS and e-mail templates for sending members their workout. {plan}, {start_date} and {end_date} are filled from each member's own plan."
  />
);
