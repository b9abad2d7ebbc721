import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { ApiError, call } from '../../../lib/api';
import { meKeys } from './api';

/** An announcement as the member sees it (GET /api/me/feed/: newest first, pinned first). */
export interface FeedItem {
  id: number;
  title: string;
  body: string;
  picture: string | null;
  pinned: boolean;
  published_at: string;
}

/**
 * The member's feed. Its contract (`meEndpoints.feed`) comes with the feed module; until then the
 * path is declared here, and a 404 (no feed module on this server) is an empty feed.
 */
const feedEndpoint = { method: 'GET', path: '/api/me/feed/' } as const;

export function useFeed(enabled = true) {
  return useQuery({
    queryKey: meKeys.feed,
    enabled,
    queryFn: async (): Promise<FeedItem[]> => {
      try {
        const answer = (await call(feedEndpoint)) as unknown as { results: FeedItem[] };
        return answer.results;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },
  });
}

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

/**
 * Plain text with its web addresses made links: the text is rendered as text (never as HTML), and
 * only http(s) addresses become links, opened in a new tab without access to this page.
 */
export function Linkified({ text }: { text: string }): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const at = match.index ?? 0;
    if (at > last) parts.push(text.slice(last, at));
    parts.push(
      <a key={at} href={match[0]} target="_blank" rel="noopener noreferrer" className="break-all text-accent-text underline">
        {match[0]}
      </a>,
    );
    last = at + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
