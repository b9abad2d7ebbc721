import type { ModuleName } from '@arena/contracts/kit';

export const MODULE: ModuleName = 'End User Login';
export const tags = ['end-user'];
/** The member side's OpenAPI tag. */
export const meTags = ['me'];
/** The job that looks up who asked for a code or a link and sends it. */
export const SIGN_IN_TASK = 'end-user.sign-in';

/**
 * The sign-in code's SMS, as the messaging template made when member login is switched on. The
 * organisation may reword it and must give it its DLT template id to send through MSG91 (the DLT
 * text registers `{code}`, `{organisation}` and `{minutes}` as its variables, in that order). A
 * template without `{code}`, switched off or deleted, is not used: the built-in text goes instead.
 */
export const SIGN_IN_TEMPLATE = {
  module: 'membership' as const,
  name: 'Member sign-in code',
  body: '{code} is your {organisation} sign-in code. It expires in {minutes} minutes. Do not share it with anyone.',
};

/** The job that publishes announcements at their time. */
export const FEED_PUBLISH_TASK = 'end-user.feed-publish';
