/**
 * CRM Management's queries and writes (`/api/crm/`). Every write refreshes everything under the
 * module's key root (`crmKeys.all`): an enquiry's change shows in the lists, its page and the dashboard.
 */
import type {
  Complaint,
  ComplaintInput,
  ComplaintUpdate,
  ContactGroup,
  ContactGroupInput,
  ContactGroupUpdate,
  Recipient,
  RecipientKind,
  Enquiry,
  EnquiryInput,
  EnquiryUpdate,
  FollowUp,
  FollowUpInput,
  PromotionInput,
  TodaysActionRow,
  TodaysActionTab,
} from '@arena/contracts/crm';
import {
  complaintEndpoints,
  contactGroupEndpoints,
  crmDashboardEndpoint,
  crmLogsEndpoint,
  enquiryEndpoints,
  followUpEndpoints,
  promotionEndpoints,
  todaysActionEndpoints,
} from '@arena/contracts/crm/routes';
import type { MemberInput } from '@arena/contracts/membership';
import { messagingEndpoints } from '@arena/contracts/messaging/routes';
import { searchEndpoint } from '@arena/contracts/platform/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../components/DataTable';
import { call, type FileSource } from '../../lib/api';

export type { Complaint, ContactGroup, Enquiry, FollowUp, Recipient, RecipientKind, TodaysActionRow, TodaysActionTab };

export const crmKeys = {
  all: ['crm'] as const,
  enquiries: ['crm', 'enquiry'] as const,
  enquiry: (id: number) => ['crm', 'enquiry', 'detail', id] as const,
  followUps: ['crm', 'follow-up'] as const,
  complaints: ['crm', 'complaint'] as const,
  groups: ['crm', 'contact-group'] as const,
  todays: ['crm', 'todays-action'] as const,
  dashboard: ['crm', 'dashboard'] as const,
  logs: ['crm', 'logs'] as const,
  promotions: ['crm', 'promotion'] as const,
};

export const fetchEnquiries = (params: ListParams) => call(enquiryEndpoints.list, { query: params });
export const enquiriesExport: FileSource = { endpoint: enquiryEndpoints.list };
export const useEnquiry = (id: number | null) =>
  useQuery({ queryKey: crmKeys.enquiry(id ?? 0), queryFn: () => call(enquiryEndpoints.retrieve, { params: { id: id! } }), enabled: !!id });
export const fetchFollowUps = (params: ListParams) => call(followUpEndpoints.list, { query: params });
export const fetchComplaints = (params: ListParams) => call(complaintEndpoints.list, { query: params });
export const complaintsExport: FileSource = { endpoint: complaintEndpoints.list };
export const fetchGroups = (params: ListParams) => call(contactGroupEndpoints.list, { query: params });
export const groupsExport: FileSource = { endpoint: contactGroupEndpoints.list };
export const fetchCrmLogs = (params: ListParams) => call(crmLogsEndpoint, { query: params });
export const crmLogsExport: FileSource = { endpoint: crmLogsEndpoint };

export const fetchTodaysActions = (tab: TodaysActionTab, days: number | undefined) => (params: ListParams) =>
  call(todaysActionEndpoints.list, {
    query: {
      tab,
      days,
      page: params.page,
      page_size: params.page_size,
      search: params.search || undefined,
      centre: params.centre ? Number(params.centre) : undefined,
    },
  });

export const useCrmDashboard = (centre: string) =>
  useQuery({
    queryKey: [...crmKeys.dashboard, centre],
    queryFn: () => call(crmDashboardEndpoint, { query: { centre: centre ? Number(centre) : undefined } }),
  });

export const useContactGroup = (id: number | null) =>
  useQuery({
    queryKey: [...crmKeys.groups, 'detail', id],
    queryFn: () => call(contactGroupEndpoints.retrieve, { params: { id: id! } }),
    enabled: !!id,
  });
/** The people a group stands for now, a page at a time (the DataTable's fetcher). */
export const fetchGroupPeople = (id: number) => (params: ListParams) =>
  call(contactGroupEndpoints.people, {
    params: { id },
    query: { page: params.page, page_size: params.page_size, search: params.search || undefined },
  });

/** Someone a list group may hold, as the people finder shows them. */
export interface Contact {
  kind: RecipientKind;
  id: number;
  title: string;
  subtitle: string;
}

/**
 * Members and booking clients (the top bar's search, as the user's modules allow) and CRM's own
 * enquiries whose name, phone, code or e-mail matches: at most five of each.
 */
export async function searchContacts(q: string): Promise<Contact[]> {
  const [hits, enquiries] = await Promise.all([
    call(searchEndpoint, { query: { q } }).then((r) => r.results),
    call(enquiryEndpoints.list, { query: { search: q, page: 1, page_size: 5 } }).then((r) => r.results),
  ]);
  return [
    ...hits.flatMap((h): Contact[] =>
      h.kind === 'member' || h.kind === 'booking_client'
        ? [{ kind: h.kind === 'member' ? 'member' : 'client', id: h.id, title: h.title, subtitle: h.subtitle }]
        : [],
    ),
    ...enquiries.map((e): Contact => ({ kind: 'enquiry', id: e.id, title: e.name, subtitle: `Enquiry · ${e.phone}` })),
  ];
}

function useSettled() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: crmKeys.all });
}

export function useEnquiryMutations() {
  const settled = useSettled();
  const queryClient = useQueryClient();
  return {
    create: useMutation({ mutationFn: (input: EnquiryInput) => call(enquiryEndpoints.create, { body: input }), onSuccess: settled }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: number; input: EnquiryUpdate }) =>
        call(enquiryEndpoints.partialUpdate, { params: { id }, body: input }),
      onSuccess: settled,
    }),
    remove: useMutation({ mutationFn: (id: number) => call(enquiryEndpoints.remove, { params: { id } }), onSuccess: settled }),
    close: useMutation({
      mutationFn: ({ id, reason }: { id: number; reason: string }) => call(enquiryEndpoints.close, { params: { id }, body: { reason } }),
      onSuccess: settled,
    }),
    reopen: useMutation({ mutationFn: (id: number) => call(enquiryEndpoints.reopen, { params: { id } }), onSuccess: settled }),
    convert: useMutation({
      mutationFn: ({ id, input }: { id: number; input: MemberInput }) => call(enquiryEndpoints.convert, { params: { id }, body: input }),
      onSuccess: async () => {
        await settled();
        // The new member shows in Membership's lists too.
        await queryClient.invalidateQueries({ queryKey: ['membership'] });
      },
    }),
    addFollowUp: useMutation({ mutationFn: (input: FollowUpInput) => call(followUpEndpoints.create, { body: input }), onSuccess: settled }),
  };
}

export function useComplaintMutations() {
  const settled = useSettled();
  return {
    create: useMutation({ mutationFn: (input: ComplaintInput) => call(complaintEndpoints.create, { body: input }), onSuccess: settled }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: number; input: ComplaintUpdate }) =>
        call(complaintEndpoints.partialUpdate, { params: { id }, body: input }),
      onSuccess: settled,
    }),
    close: useMutation({
      mutationFn: ({ id, resolution }: { id: number; resolution: string }) =>
        call(complaintEndpoints.close, { params: { id }, body: { resolution } }),
      onSuccess: settled,
    }),
    reopen: useMutation({ mutationFn: (id: number) => call(complaintEndpoints.reopen, { params: { id } }), onSuccess: settled }),
    remove: useMutation({ mutationFn: (id: number) => call(complaintEndpoints.remove, { params: { id } }), onSuccess: settled }),
  };
}

export function useContactGroupMutations() {
  const crm = useSettled();
  const queryClient = useQueryClient();
  // A group's name shows in the send screens' choices too.
  const settled = async () => {
    await crm();
    await queryClient.invalidateQueries({ queryKey: AUDIENCE_OPTIONS });
  };
  const people = (members: { kind: RecipientKind; id: number }[]) => ({ members: members.map(({ kind, id }) => ({ kind, id })) });
  return {
    patch: useMutation({
      mutationFn: ({ id, input }: { id: number; input: ContactGroupUpdate }) =>
        call(contactGroupEndpoints.partialUpdate, { params: { id }, body: input }),
      onSuccess: settled,
    }),
    addPeople: useMutation({
      mutationFn: ({ id, members }: { id: number; members: { kind: RecipientKind; id: number }[] }) =>
        call(contactGroupEndpoints.addPeople, { params: { id }, body: people(members) }),
      onSuccess: settled,
    }),
    removePeople: useMutation({
      mutationFn: ({ id, members }: { id: number; members: { kind: RecipientKind; id: number }[] }) =>
        call(contactGroupEndpoints.removePeople, { params: { id }, body: people(members) }),
      onSuccess: settled,
    }),
    create: useMutation({
      mutationFn: (input: ContactGroupInput) => call(contactGroupEndpoints.create, { body: input }),
      onSuccess: settled,
    }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: number; input: ContactGroupInput }) =>
        call(contactGroupEndpoints.update, { params: { id }, body: input }),
      onSuccess: settled,
    }),
    remove: useMutation({ mutationFn: (id: number) => call(contactGroupEndpoints.remove, { params: { id } }), onSuccess: settled }),
  };
}

export function useLogContact() {
  const settled = useSettled();
  return useMutation({
    mutationFn: (input: { member: number; kind: 'call' | 'message' | 'whatsapp'; note?: string }) =>
      call(todaysActionEndpoints.contact, { body: { note: '', ...input } }),
    onSuccess: settled,
  });
}

const AUDIENCE_OPTIONS = ['messaging', 'audience-options'] as const;
/**
 * What a send's audience param may name (plans, batches, contact groups) as select options: the
 * messaging engine's `audience-options/`, in its cache (a contact group's change refreshes it).
 */
export const useAudienceOptions = (audience: string) =>
  useQuery({
    queryKey: [...AUDIENCE_OPTIONS, audience],
    queryFn: () => call(messagingEndpoints.audienceOptions, { query: { audience } }),
    select: (r) => r.results.map((o) => ({ value: String(o.id), label: o.name })),
    enabled: !!audience,
  });
export const fetchPromotions = (params: ListParams) => call(promotionEndpoints.list, { query: params });
export const promotionsExport: FileSource = { endpoint: promotionEndpoints.list };
export const usePromotionAudiences = () =>
  useQuery({
    queryKey: [...crmKeys.promotions, 'audiences'],
    queryFn: () => call(promotionEndpoints.audiences),
    select: (r) => r.results,
    staleTime: Infinity,
  });

export function usePromotionMutations() {
  const settled = useSettled();
  const queryClient = useQueryClient();
  return {
    create: useMutation({
      mutationFn: (input: PromotionInput) => call(promotionEndpoints.create, { body: input }),
      onSuccess: async () => {
        await settled();
        // The credits and the delivery log moved.
        await queryClient.invalidateQueries({ queryKey: ['messaging'] });
      },
    }),
    cancel: useMutation({ mutationFn: (id: number) => call(promotionEndpoints.cancel, { params: { id } }), onSuccess: settled }),
  };
}
