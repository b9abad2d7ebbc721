/**
 * What other web modules use of messaging: its screens (Administrator › Messaging and Booking ›
 * Messaging are the same screens filtered by module) and the "Open in WhatsApp" action.
 */
export {
  AccommodationAutoPage,
  AccommodationLogsPage,
  AccommodationManualPage,
  AdminAutoPage,
  AdminLogsPage,
  AdminManualPage,
  BookingAutoPage,
  BookingLogsPage,
  BookingManualPage,
  CrmTemplatesPage,
  DietTemplatesPage,
  TrainingTemplatesPage,
} from './screens';
export { MessageAction } from './MessageAction';
export { CHANNEL_OPTIONS, ChannelTemplateFields } from './ChannelTemplateFields';
export { ReachPanel } from './ReachPanel';
export { SendMessageDialog } from './SendMessageDialog';
export { SendToPersonDialog } from './SendToPersonDialog';
