import type { ModuleName } from '@arena/contracts/kit';

export const MODULE: ModuleName = 'End User Login';
export const tags = ['end-user'];
/** The member side's OpenAPI tag. */
export const meTags = ['me'];
/** The job that looks up who asked for a code or a link and sends it. */
export const SIGN_IN_TASK = 'end-user.sign-in';
/** The job that publishes announcements at their time. */
export const FEED_PUBLISH_TASK = 'end-user.feed-publish';
