import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import type { MeFeedItem } from '@arena/contracts/end-user';
import { meFeedEndpoint } from '@arena/contracts/end-user/routes';
import { call } from '../../../lib/api';
import { meKeys } from './api';
import { splitLinks } from './text';

/** An announcement as the member sees it (GET /api/me/feed/: pinned first, then newest). */
export type FeedItem = MeFeedItem;

export function useFeed(enabled = true) {
  return useQuery({
    queryKey: meKeys.feed,
    enabled,
    queryFn: async (): Promise<FeedItem[]> => (await call(meFeedEndpoint)).results,
  });
}

/**
 * Plain text with its web addresses made links: the text is rendered as text (never as HTML), and
 * only http(s) addresses become links, opened in a new tab without access to this page.
 */
export function Linkified({ text }: { text: string }): ReactNode {
  return (
    <Fragment>
      {splitLinks(text).map((part, i) =>
        'href' in part ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer" className="break-all text-accent-text underline">
            {part.href}
          </a>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </Fragment>
  );
}
