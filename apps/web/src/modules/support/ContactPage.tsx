import { contactMessageSchema, type Organisation } from '@arena/contracts/administrator';
import { organisationEndpoints } from '@arena/contracts/administrator/routes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckCircle2, Mail, MapPin, Phone } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Form } from '../../components/form/Form';
import { TextareaField, TextField } from '../../components/form';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { useZodForm } from '../../lib/form';
import { notify } from '../../lib/notify';
import type { ResolvedNode } from '../../lib/web-module';
import { useAuth } from '../../state/auth';

/** The same cache entry as Administrator › Profile. */
const organisationQuery = {
  queryKey: ['organisation', 'full'],
  queryFn: () => call(organisationEndpoints.retrieve) as Promise<Organisation>,
};

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <span className="mt-0.5 text-muted" aria-hidden="true">
        {icon}
      </span>
      <div className="min-w-0">
        <dt className="text-xs font-medium text-muted">{label}</dt>
        <dd className="mt-0.5 whitespace-pre-line break-words text-sm text-fg">{children}</dd>
      </div>
    </div>
  );
}

function ContactDetails() {
  const { data: org, isPending, error, refetch } = useQuery(organisationQuery);
  if (isPending) return <Skeleton className="h-32" />;
  if (error || !org)
    return (
      <Alert
        tone="error"
        action={
          <Button size="sm" variant="secondary" onClick={() => void refetch()}>
            Retry
          </Button>
        }
      >
        {errorMessage(error)}
      </Alert>
    );
  const none = <span className="text-muted">Not given yet</span>;
  return (
    <dl className="space-y-4">
      <Detail icon={<Mail size={16} />} label="Email">
        {org.email ? (
          <a href={`mailto:${org.email}`} className="text-accent-text hover:underline">
            {org.email}
          </a>
        ) : (
          none
        )}
      </Detail>
      <Detail icon={<Phone size={16} />} label="Phone">
        {org.phone ? (
          <a href={`tel:${org.phone.replace(/\s+/g, '')}`} className="text-accent-text hover:underline">
            {org.phone}
          </a>
        ) : (
          none
        )}
      </Detail>
      <Detail icon={<MapPin size={16} />} label="Address">
        {org.address || none}
      </Detail>
    </dl>
  );
}

function MessageForm({ onSent }: { onSent: (subject: string) => void }) {
  const form = useZodForm(contactMessageSchema, { defaultValues: { subject: '', message: '' } });
  const send = useMutation({
    mutationFn: (body: { subject: string; message: string }) => call(organisationEndpoints.contact, { body }),
  });
  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        const { detail } = await send.mutateAsync(values);
        notify.success(detail);
        onSent(values.subject);
      }}
      footer={({ submitting }) => (
        <div className="flex justify-end">
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Sending…' : 'Send message'}
          </Button>
        </div>
      )}
    >
      <TextField control={form.control} name="subject" label="Subject" required maxLength={150} />
      <TextareaField control={form.control} name="message" label="Message" required rows={7} maxLength={5000} />
    </Form>
  );
}

/**
 * Contact Support (/contact, and the menu's Contact Us): the organisation's contact details and
 * a message to its owner, who can answer by replying to the e-mail.
 */
export default function ContactPage({ node }: { node: ResolvedNode }) {
  const orgName = useAuth((s) => s.organisation?.display_name) ?? 'your organization';
  const isOwner = useAuth((s) => s.user?.is_owner === true);
  const email = useAuth((s) => s.user?.email);
  const [sent, setSent] = useState<string | null>(null);
  return (
    <div>
      <PageHeader
        title={node.label}
        description={`How to reach ${orgName}, and a message to its owner for anything about your work here.`}
      />
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <Card className="p-5">
          <h2 className="mb-4 text-sm font-semibold">{orgName}</h2>
          <ContactDetails />
        </Card>
        <Card className="p-5">
          <h2 className="text-sm font-semibold">Send a message</h2>
          <p className="mb-4 mt-1 text-sm text-muted">
            {isOwner
              ? `Messages from this page go to you, the owner (${email}); your staff use it to reach you.`
              : `Your message is e-mailed to the owner of ${orgName}, who can answer by replying to ${email ?? 'your e-mail address'}.`}{' '}
            For how the screens work, see the{' '}
            <Link to="/help" className="font-medium text-accent-text hover:underline">
              Help Center
            </Link>
            .
          </p>
          {sent ? (
            <div role="status" className="rounded-md border border-line bg-subtle px-4 py-6 text-center">
              <CheckCircle2 size={22} className="mx-auto mb-2 text-success" aria-hidden />
              <p className="font-medium">Message sent.</p>
              <p className="mt-1 text-sm text-muted">“{sent}” is on its way. Replies come to your e-mail.</p>
              <Button variant="secondary" size="sm" className="mt-4" onClick={() => setSent(null)}>
                Write another message
              </Button>
            </div>
          ) : (
            <MessageForm onSent={setSent} />
          )}
        </Card>
      </div>
    </div>
  );
}
