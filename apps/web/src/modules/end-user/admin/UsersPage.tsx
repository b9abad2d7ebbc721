import type { EndUser } from '@arena/contracts/end-user';
import { Ban, UserPlus, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable, type Column } from '../../../components/DataTable';
import { Dialog } from '../../../components/Dialog';
import { MenuTabs } from '../../../components/MenuTabs';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/errors';
import { formatCount, formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useCan } from '../../../lib/useCan';
import type { ResolvedNode } from '../../../lib/web-module';
import { MemberPicker, type PickedMember } from '../../membership/public';
import { END_USER_MODULE, endUserKeys, endUsersExport, fetchEndUsers, useEndUserActions, useEndUserSettings } from './api';

type View = 'active' | 'blocked';
const viewOf = (node: ResolvedNode): View => (node.fullPath.endsWith('/blocked') ? 'blocked' : 'active');
const label = (u: EndUser) => `${u.member.full_name} (${u.member.member_code})`;

function columnsFor(view: View, act: ((u: EndUser) => void) | null): Column<EndUser>[] {
  return [
    {
      id: 'member',
      header: 'Member',
      alwaysVisible: true,
      mobile: 'title',
      cell: (u) => (
        <span className="block min-w-[160px]">
          <span className="block font-medium">{u.member.full_name}</span>
          <span className="block text-xs text-muted tabular">{u.member.member_code}</span>
        </span>
      ),
    },
    { id: 'phone', header: 'Phone', mobile: 'meta', cell: (u) => <span className="tabular">{u.member.phone || '—'}</span> },
    {
      id: 'last_login_at',
      header: 'Last sign-in',
      sortKey: 'last_login_at',
      mobile: 'subtitle',
      cell: (u) => <span className="whitespace-nowrap">{u.last_login_at ? formatDateTime(u.last_login_at) : 'Never'}</span>,
    },
    { id: 'devices', header: 'Devices', align: 'right', cell: (u) => <span className="tabular">{formatCount(u.devices)}</span> },
    ...(view === 'blocked'
      ? [
          {
            id: 'blocked_at',
            header: 'Blocked',
            cell: (u) => <span className="whitespace-nowrap">{u.blocked_at ? formatDateTime(u.blocked_at) : '—'}</span>,
          } as Column<EndUser>,
        ]
      : [
          {
            id: 'invited',
            header: 'Access',
            defaultHidden: true,
            cell: (u) => (u.invited_at ? <Badge tone="info">Invited</Badge> : <Badge>Signed up</Badge>),
          } as Column<EndUser>,
        ]),
    ...(act
      ? [
          {
            id: 'actions',
            header: 'Actions',
            align: 'right',
            alwaysVisible: true,
            cell: (u) =>
              view === 'active' ? (
                <Button size="sm" variant="secondary" aria-label={`Block ${label(u)}`} onClick={() => act(u)}>
                  <Ban size={14} aria-hidden /> Block
                </Button>
              ) : (
                <Button size="sm" variant="secondary" aria-label={`Unblock ${label(u)}`} onClick={() => act(u)}>
                  Unblock
                </Button>
              ),
          } as Column<EndUser>,
        ]
      : []),
  ];
}

/**
 * End User Login › User Login: members' app accounts, Active Users and Blocked tabs (last sign-in,
 * devices); Block (after a confirm: signs them out everywhere at once) and Unblock; Invite in the
 * "invited" mode.
 */
export function EndUsersPage({ node }: { node: ResolvedNode }) {
  const view = viewOf(node);
  const canOperate = useCan(END_USER_MODULE, 'operate');
  const settings = useEndUserSettings();
  const actions = useEndUserActions();
  const [blocking, setBlocking] = useState<EndUser | null>(null);
  const [inviting, setInviting] = useState(false);
  const unblock = async (u: EndUser) => {
    try {
      await actions.unblock.mutateAsync(u.id);
      notify.success(`${label(u)} may sign in again.`);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  return (
    <div>
      <PageHeader
        title="User Login"
        description="Members' own accounts in the member app: when they last signed in and on how many devices. Blocking signs a member out everywhere at once."
        actions={
          canOperate && settings.data?.login_mode === 'invited' ? (
            <Button onClick={() => setInviting(true)}>
              <UserPlus size={16} aria-hidden /> Invite member
            </Button>
          ) : undefined
        }
      />
      <MenuTabs node={node} />
      <DataTable
        key={view}
        title={view === 'active' ? 'Active users' : 'Blocked users'}
        queryKey={[...endUserKeys.users, view]}
        fetchPage={fetchEndUsers}
        exportPath={endUsersExport}
        columns={columnsFor(view, canOperate ? (view === 'active' ? setBlocking : unblock) : null)}
        rowKey={(u) => u.id}
        scope={{ status: view }}
        searchPlaceholder="Search name, code, phone"
        empty={{
          icon: UsersRound,
          title: view === 'active' ? 'No member uses the app yet' : 'No member is blocked',
          description:
            view === 'active'
              ? settings.data?.login_mode === 'off'
                ? 'Member login is off: turn it on in Settings, and members sign in with their phone.'
                : 'A member appears here once they sign in to the member app (or are invited).'
              : 'A member blocked from the Active Users tab is listed here until unblocked.',
        }}
      />
      <ConfirmDialog
        open={blocking !== null}
        onOpenChange={(o) => !o && setBlocking(null)}
        title={`Block ${blocking ? label(blocking) : ''}?`}
        confirmLabel="Block"
        tone="danger"
        onConfirm={async () => {
          if (!blocking) return;
          try {
            await actions.block.mutateAsync(blocking.id);
            notify.success(`${label(blocking)} is blocked and signed out everywhere.`);
          } catch (error) {
            notify.error(errorMessage(error));
            throw error;
          }
        }}
      >
        They are signed out of the member app on every device at once, and cannot sign in until you unblock them.
      </ConfirmDialog>
      {inviting && <InviteDialog onClose={() => setInviting(false)} />}
    </div>
  );
}

function InviteDialog({ onClose }: { onClose: () => void }) {
  const { invite } = useEndUserActions();
  const [member, setMember] = useState<PickedMember | null>(null);
  const [error, setError] = useState<string | undefined>();
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Invite a member"
      description="The member may then sign in to the member app with their phone or e-mail."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!member || invite.isPending}
            onClick={async () => {
              if (!member) return;
              try {
                await invite.mutateAsync(member.id);
                notify.success(`${member.name} is invited.`);
                onClose();
              } catch (e) {
                setError(errorMessage(e));
              }
            }}
          >
            {invite.isPending ? 'Inviting…' : 'Invite'}
          </Button>
        </>
      }
    >
      <MemberPicker value={member} onChange={setMember} error={error} autoFocus />
    </Dialog>
  );
}
