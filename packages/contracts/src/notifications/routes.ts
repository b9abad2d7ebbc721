/** The web's import of the notifications endpoints (`@arena/contracts/notifications/routes`). */
export { notificationEndpoints, notificationSettingEndpoints } from './index.js';
