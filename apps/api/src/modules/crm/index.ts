/** What other modules may use of CRM Management: a contact group resolved into recipients (the messaging engine sends to it). */
export { resolveContactGroup } from './contact-group.service.js';
