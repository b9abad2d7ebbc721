import {
  FEED_AUDIENCE_LABELS,
  FEED_AUDIENCES,
  FEED_BODY_MAX,
  FEED_TITLE_MAX,
  feedInputSchema,
  type Feed,
  type FeedAudienceKind,
} from '@arena/contracts/end-user';
import { z } from '@arena/contracts/kit';
import { format } from 'date-fns';
import { Megaphone, Pencil, Pin, Plus, Send, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable, type Column } from '../../../components/DataTable';
import { Dialog } from '../../../components/Dialog';
import { FilterSelect } from '../../../components/FilterSelect';
import { DialogForm } from '../../../components/FormDialog';
import { CheckboxField, DateField, optionsOf, SelectField, TextareaField, TextField, TimeField } from '../../../components/form';
import { MenuTabs } from '../../../components/MenuTabs';
import { PageHeader } from '../../../components/PageHeader';
import { PictureInput } from '../../../components/PictureInput';
import { errorMessage } from '../../../lib/errors';
import { requestSchema, useZodForm } from '../../../lib/form';
import { formatCount, formatDateTime } from '../../../lib/format';
import { useCentres } from '../../../lib/lookups';
import { notify } from '../../../lib/notify';
import { useCan } from '../../../lib/useCan';
import type { ResolvedNode } from '../../../lib/web-module';
import { useBatchOptions, useMembershipPlanOptions } from '../../membership/public';
import { END_USER_MODULE, endUserKeys, feedExport, fetchFeed, useFeedWrites } from './api';

type View = 'active' | 'published';
const viewOf = (node: ResolvedNode): View => (node.fullPath.endsWith('/published') ? 'published' : 'active');

function statusBadge(f: Feed) {
  if (f.expired) return <Badge>Expired</Badge>;
  if (f.status === 'published') return <Badge tone="success">Published</Badge>;
  if (f.status === 'active') return <Badge tone="info">Scheduled</Badge>;
  return <Badge>Draft</Badge>;
}

function columnsFor(view: View, edit: ((f: Feed) => void) | null, publish: ((f: Feed) => void) | null): Column<Feed>[] {
  return [
    {
      id: 'title',
      header: 'Title',
      sortKey: 'title',
      alwaysVisible: true,
      mobile: 'title',
      cell: (f) => (
        <span className="block min-w-[200px] max-w-[360px]">
          <span className="flex items-center gap-1.5 font-medium">
            {f.pinned && <Pin size={14} className="shrink-0 text-accent-text" aria-label="Pinned" />}
            <span className="truncate">{f.title}</span>
          </span>
          <span className="block truncate text-xs text-muted">{f.body}</span>
        </span>
      ),
    },
    { id: 'audience', header: 'Audience', mobile: 'meta', cell: (f) => f.audience.name || FEED_AUDIENCE_LABELS[f.audience.kind] },
    { id: 'status', header: 'Status', cell: statusBadge },
    {
      id: view === 'published' ? 'published_at' : 'publish_at',
      header: view === 'published' ? 'Published' : 'Publish time',
      sortKey: view === 'published' ? 'published_at' : 'publish_at',
      mobile: 'subtitle',
      cell: (f) => {
        const at = view === 'published' ? f.published_at : f.publish_at;
        return <span className="whitespace-nowrap">{at ? formatDateTime(at) : 'When made active'}</span>;
      },
    },
    {
      id: 'expires_at',
      header: 'Expires',
      cell: (f) => <span className="whitespace-nowrap">{f.expires_at ? formatDateTime(f.expires_at) : '—'}</span>,
    },
    ...(view === 'published'
      ? [
          {
            id: 'reach',
            header: 'Reach',
            align: 'right',
            cell: (f) => <span className="tabular">{formatCount(f.reach)}</span>,
          } as Column<Feed>,
        ]
      : []),
    ...(edit
      ? [
          {
            id: 'actions',
            header: 'Actions',
            align: 'right',
            alwaysVisible: true,
            cell: (f) => (
              <span className="flex justify-end gap-1.5">
                {publish && f.status !== 'published' && (
                  <Button size="sm" variant="secondary" aria-label={`Publish ${f.title} now`} onClick={() => publish(f)}>
                    <Send size={14} aria-hidden /> Publish now
                  </Button>
                )}
                <Button size="sm" variant="secondary" aria-label={`Edit ${f.title}`} onClick={() => edit(f)}>
                  <Pencil size={14} aria-hidden /> Edit
                </Button>
              </span>
            ),
          } as Column<Feed>,
        ]
      : []),
  ];
}

/**
 * End User Login › Announcements/Feeds: the Active tab (drafts and items scheduled for their publish
 * time) and the Published tab (what members see, and how many saw each); New announcement and Edit
 * open the editor with a phone preview.
 */
export function FeedsPage({ node }: { node: ResolvedNode }) {
  const view = viewOf(node);
  const canManage = useCan(END_USER_MODULE, 'manage');
  const writes = useFeedWrites();
  const [editing, setEditing] = useState<Feed | 'new' | null>(null);
  const [audience, setAudience] = useState('');
  const publish = async (f: Feed) => {
    try {
      await writes.publish.mutateAsync(f.id);
      notify.success(`“${f.title}” is published.`);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  return (
    <div>
      <PageHeader
        title="Announcements/Feeds"
        description="News for members in their app: to everyone, a center, a plan's or a batch's members. Schedule it for later, pin it, let it expire."
        actions={
          canManage ? (
            <Button onClick={() => setEditing('new')}>
              <Plus size={16} aria-hidden /> New announcement
            </Button>
          ) : undefined
        }
      />
      <MenuTabs node={node} />
      <DataTable
        key={view}
        title={view === 'active' ? 'Active announcements' : 'Published announcements'}
        queryKey={[...endUserKeys.feed, view]}
        fetchPage={fetchFeed}
        exportPath={feedExport}
        columns={columnsFor(view, canManage ? setEditing : null, canManage ? publish : null)}
        rowKey={(f) => f.id}
        scope={view === 'active' ? { unpublished: 'true' } : { status: 'published' }}
        filters={{ audience: audience || undefined }}
        onClearFilters={() => setAudience('')}
        filterControls={
          <FilterSelect
            label="Audience"
            value={audience}
            onChange={setAudience}
            options={FEED_AUDIENCES.map((a) => ({ value: a, label: FEED_AUDIENCE_LABELS[a] }))}
          />
        }
        searchPlaceholder="Search title or text"
        empty={{
          icon: Megaphone,
          title: view === 'active' ? 'No drafts or scheduled announcements' : 'Nothing published yet',
          description:
            view === 'active'
              ? 'Write an announcement: save it as a draft, schedule it, or publish it at once.'
              : 'Published announcements show here with how many members saw them.',
        }}
      />
      {editing && <FeedDialog feed={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');
const dateOf = (iso: string | null) => (iso ? format(new Date(iso), 'yyyy-MM-dd') : '');
const timeOf = (iso: string | null) => (iso ? `${pad(new Date(iso).getHours())}:${pad(new Date(iso).getMinutes())}` : '');
/** The browser's date and time as an instant (the desk's clock is the organisation's). */
const instantOf = (date: string, time: string) => (date ? new Date(`${date}T${time || '00:00'}`).toISOString() : null);

const feedFormSchema = requestSchema(
  z.object({
    title: z.string(),
    body: z.string(),
    audience_kind: z.enum(FEED_AUDIENCES),
    audience_id: z.string(),
    status: z.enum(['draft', 'active', 'published']),
    publish_date: z.string(),
    publish_time: z.string(),
    expires_date: z.string(),
    expires_time: z.string(),
    pinned: z.boolean(),
  }),
  feedInputSchema,
  (v, issue) => {
    if (v.audience_kind !== 'everyone' && !v.audience_id) issue('audience_id', `Choose the ${v.audience_kind}.`);
    return {
      title: v.title,
      body: v.body,
      audience: { kind: v.audience_kind, id: v.audience_kind === 'everyone' ? null : Number(v.audience_id) || null },
      status: v.status,
      publish_at: v.status === 'draft' || v.status === 'active' ? instantOf(v.publish_date, v.publish_time) : null,
      expires_at: instantOf(v.expires_date, v.expires_time || '23:59'),
      pinned: v.pinned,
    };
  },
  (path) =>
    path.startsWith('audience') ? 'audience_id' : path === 'publish_at' ? 'publish_date' : path === 'expires_at' ? 'expires_date' : path,
);

const STATUS_OPTIONS = [
  { value: 'published', label: 'Publish now' },
  { value: 'active', label: 'Schedule for the publish time' },
  { value: 'draft', label: 'Save as a draft' },
];

/** The editor: title, text, picture, audience, publish time, expiry, pinned; beside it, the item as a member's phone shows it. */
function FeedDialog({ feed, onClose }: { feed: Feed | null; onClose: () => void }) {
  const { save, remove } = useFeedWrites();
  const [picture, setPicture] = useState<File | null>(null);
  const [removePicture, setRemovePicture] = useState(false);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const form = useZodForm(feedFormSchema, {
    defaultValues: {
      title: feed?.title ?? '',
      body: feed?.body ?? '',
      audience_kind: feed?.audience.kind ?? 'everyone',
      audience_id: feed?.audience.id ? String(feed.audience.id) : '',
      status: feed?.status ?? 'published',
      publish_date: dateOf(feed?.publish_at ?? null),
      publish_time: timeOf(feed?.publish_at ?? null),
      expires_date: dateOf(feed?.expires_at ?? null),
      expires_time: timeOf(feed?.expires_at ?? null),
      pinned: feed?.pinned ?? false,
    },
  });
  const values = useWatch({ control: form.control });
  const kind = (values.audience_kind ?? 'everyone') as FeedAudienceKind;
  const status = values.status ?? 'published';
  const centres = useCentres();
  const plans = useMembershipPlanOptions();
  const batches = useBatchOptions();
  const audienceOptions = kind === 'centre' ? centres.data : kind === 'plan' ? plans.data : kind === 'batch' ? batches.data : undefined;
  const preview = useMemo(
    () => (picture ? URL.createObjectURL(picture) : removePicture ? null : (feed?.picture ?? null)),
    [picture, removePicture, feed?.picture],
  );
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={feed ? 'Edit announcement' : 'New announcement'} size="lg">
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_240px]">
        <DialogForm
          form={form}
          submitLabel={status === 'published' ? 'Publish' : status === 'active' ? 'Schedule' : 'Save draft'}
          onCancel={onClose}
          onSubmit={async (input) => {
            await save.mutateAsync({ id: feed?.id, input, picture, removePicture });
            notify.success(
              status === 'published' ? 'Announcement published.' : status === 'active' ? 'Announcement scheduled.' : 'Draft saved.',
            );
            onClose();
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={form.control} name="title" label="Title" required maxLength={FEED_TITLE_MAX} className="sm:col-span-2" />
            <TextareaField
              control={form.control}
              name="body"
              label="Text"
              required
              rows={5}
              maxLength={FEED_BODY_MAX}
              hint="Plain text; links (https://…) open in the member's browser."
              className="sm:col-span-2"
            />
            <div className="sm:col-span-2">
              <PictureInput
                label="Picture"
                name={values.title || 'Announcement'}
                file={picture}
                currentUrl={removePicture ? null : feed?.picture}
                onChange={(f) => {
                  setPicture(f);
                  setRemovePicture(false);
                }}
                onRemove={() => {
                  setPicture(null);
                  setRemovePicture(true);
                }}
                error={pictureError}
                onError={setPictureError}
              />
            </div>
            <SelectField
              control={form.control}
              name="audience_kind"
              label="Audience"
              options={FEED_AUDIENCES.map((a) => ({ value: a, label: FEED_AUDIENCE_LABELS[a] }))}
            />
            {kind !== 'everyone' ? (
              <SelectField
                control={form.control}
                name="audience_id"
                label={kind === 'centre' ? 'Center' : kind === 'plan' ? 'Plan' : 'Batch'}
                required
                placeholder={`Select ${kind === 'centre' ? 'center' : kind}`}
                options={optionsOf(audienceOptions)}
              />
            ) : (
              <div />
            )}
            <SelectField control={form.control} name="status" label="When" options={STATUS_OPTIONS} className="sm:col-span-2" />
            {status !== 'published' && (
              <>
                <DateField control={form.control} name="publish_date" label="Publish on" required={status === 'active'} />
                <TimeField control={form.control} name="publish_time" label="Publish at" />
              </>
            )}
            <DateField control={form.control} name="expires_date" label="Expires on" hint="Members stop seeing it then (within a year)." />
            <TimeField control={form.control} name="expires_time" label="Expires at" />
            <CheckboxField
              control={form.control}
              name="pinned"
              label="Pin to the top"
              description="Pinned items come before newer ones."
              className="sm:col-span-2"
            />
          </div>
          {feed && (
            <div className="mt-4">
              <Button variant="secondary" onClick={() => setDeleting(true)}>
                <Trash2 size={14} aria-hidden /> Delete announcement
              </Button>
            </div>
          )}
        </DialogForm>
        <PhonePreview title={values.title ?? ''} body={values.body ?? ''} picture={preview} pinned={!!values.pinned} />
      </div>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete “${feed?.title ?? ''}”?`}
        confirmLabel="Delete"
        tone="danger"
        onConfirm={async () => {
          if (!feed) return;
          try {
            await remove.mutateAsync(feed.id);
            notify.success('Announcement deleted.');
            onClose();
          } catch (error) {
            notify.error(errorMessage(error));
            throw error;
          }
        }}
      >
        Members no longer see it, and its reach is forgotten.
      </ConfirmDialog>
    </Dialog>
  );
}

/** The item as the member app's feed shows it, on a phone-sized frame. */
function PhonePreview({ title, body, picture, pinned }: { title: string; body: string; picture: string | null; pinned: boolean }) {
  return (
    <section aria-label="Preview as a phone" className="hidden self-start md:sticky md:top-0 md:block">
      <p className="mb-2 text-xs font-medium uppercase tracking-wide text-muted">Preview as a phone</p>
      <div className="rounded-[28px] border-4 border-line-strong bg-subtle p-2 shadow-sm">
        <div className="min-h-[360px] overflow-hidden rounded-[20px] bg-canvas">
          <div className="bg-accent px-3 py-2 text-xs font-semibold text-white">Announcements</div>
          <article className="m-2 overflow-hidden rounded-lg border border-line bg-surface">
            {picture && <img src={picture} alt="" className="h-28 w-full object-cover" />}
            <div className="p-2.5">
              <h3 className="flex items-center gap-1 text-sm font-semibold break-words">
                {pinned && <Pin size={12} className="shrink-0 text-accent-text" aria-label="Pinned" />}
                {title || 'Your title'}
              </h3>
              <p className="mt-1 line-clamp-6 whitespace-pre-line text-xs break-words text-muted">{body || 'What you write shows here.'}</p>
              <p className="mt-1.5 text-[10px] text-muted">Just now</p>
            </div>
          </article>
        </div>
      </div>
    </section>
  );
}
