import { Pin } from 'lucide-react';
import { Alert } from '../../../../components/Alert';
import { errorMessage } from '../../../../lib/errors';
import { formatDate } from '../../../../lib/format';
import { Linkified, useFeed } from '../feed';
import { PageLoading } from '../MeApp';

/** The organisation's announcements for this member, pinned first then newest first (the server's order). */
export default function FeedPage() {
  const feed = useFeed();
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-fg">Announcements</h1>
      {feed.isPending ? (
        <PageLoading />
      ) : feed.error ? (
        <Alert>{errorMessage(feed.error)}</Alert>
      ) : !feed.data.length ? (
        <p className="text-base text-muted">No announcements yet.</p>
      ) : (
        <ul className="space-y-3">
          {feed.data.map((item) => (
            <li key={item.id}>
              <article className="overflow-hidden rounded-xl border border-line bg-surface shadow-sm">
                {item.picture && (
                  <img src={item.picture} alt="" loading="lazy" decoding="async" className="aspect-video w-full bg-subtle object-cover" />
                )}
                <div className="p-4">
                  <h2 className="flex items-center gap-1.5 text-base font-semibold text-fg">
                    {item.pinned && <Pin size={14} aria-label="Pinned" />}
                    {item.title}
                  </h2>
                  <p className="mt-0.5 text-sm text-muted">{formatDate(item.published_at)}</p>
                  <p className="mt-2 text-base break-words whitespace-pre-line text-fg">
                    <Linkified text={item.body} />
                  </p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
