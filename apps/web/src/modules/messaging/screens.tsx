import type { ResolvedNode } from '../../lib/web-module';
import { AutoMessagingPage, ManualMessagingPage, MessagingLogsPage, TemplatesPage } from './MessagingPages';

type P = { node: ResolvedNode };
export const AdminManualPage = ({ node }: P) => <ManualMessagingPage node={node} module="administrator" />;
export const AdminAutoPage = ({ node }: P) => <AutoMessagingPage node={node} module="administrator" />;
export const AdminLogsPage = ({ node }: P) => <MessagingLogsPage node={node} module="administrator" />;
export const BookingManualPage = ({ node }: P) => <ManualMessagingPage node={node} module="booking" />;
export const BookingAutoPage = ({ node }: P) => <AutoMessagingPage node={node} module="booking" />;
export const BookingLogsPage = ({ node }: P) => <MessagingLogsPage node={node} module="booking" />;
export const CrmTemplatesPage = () => (
  <TemplatesPage
    module="crm"
    title="Message Template"
    description="SMS, WhatsApp and e-mail templates for promotions and today's reminders. Placeholders such as {first_name}, {plan} and {end_date} are filled for each person."
  />
);
