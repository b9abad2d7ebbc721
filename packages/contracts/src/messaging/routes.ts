export { messageRuleEndpoints, messageTemplateEndpoints, messagingEndpoints, messagingWebhookEndpoints } from './index.js';
