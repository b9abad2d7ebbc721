import type {
  Message,
  MessageModule,
  Rule,
  RuleInput,
  SendInput,
  Template,
  TemplateInput,
  MessagingSettingsInput,
} from '@arena/contracts/messaging';
import { messageRuleEndpoints, messageTemplateEndpoints, messagingEndpoints as e } from '@arena/contracts/messaging/routes';
import { searchEndpoint } from '@arena/contracts/platform/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../components/DataTable';
import { call, type FileSource } from '../../lib/api';
import { lookupResource } from '../../lib/lookupResource';

export const messagingKeys = {
  all: ['messaging'] as const,
  templates: ['messaging', 'templates'] as const,
  rules: ['messaging', 'rules'] as const,
  logs: ['messaging', 'logs'] as const,
  credits: ['messaging', 'credits'] as const,
  settings: ['messaging', 'settings'] as const,
};

export const templates = lookupResource<Template, TemplateInput>(messageTemplateEndpoints, messagingKeys.templates);
export const rules = lookupResource<Rule, RuleInput>(messageRuleEndpoints, messagingKeys.rules);

export const fetchLogs = (params: ListParams) => call(e.logs, { query: params });
export const logsExport: FileSource = { endpoint: e.logs };

export const useTemplateChoices = (module: MessageModule, channel: string) =>
  useQuery({
    queryKey: [...messagingKeys.templates, 'choices', module, channel],
    queryFn: () =>
      call(messageTemplateEndpoints.list, {
        query: { module: module === 'administrator' ? undefined : module, channel, is_active: true, page_size: 100 },
      }),
    select: (page) => page.results as Template[],
  });

export const useAudiences = (module: MessageModule) =>
  useQuery({ queryKey: [...messagingKeys.all, 'audiences', module], queryFn: () => call(e.audiences, { query: { module } }) });
export const useTriggers = (module: MessageModule) =>
  useQuery({ queryKey: [...messagingKeys.all, 'triggers', module], queryFn: () => call(e.triggers, { query: { module } }) });
export const useCredits = () => useQuery({ queryKey: messagingKeys.credits, queryFn: () => call(e.credits) });
export const useSettings = (enabled: boolean) => useQuery({ queryKey: messagingKeys.settings, queryFn: () => call(e.settings), enabled });

/** People by name, phone or code (the top bar's search), as members and booking clients. */
export async function searchPeople(q: string) {
  const hits = await call(searchEndpoint, { query: { q } });
  return hits.results
    .filter((h) => h.kind === 'member' || h.kind === 'booking_client')
    .map((h) => ({ kind: h.kind === 'member' ? 'member' : 'client', id: h.id, title: h.title, subtitle: h.subtitle }));
}

export function useMessagingActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: messagingKeys.all });
  return {
    send: useMutation({ mutationFn: (body: SendInput) => call(e.send, { body }), onSuccess: (r) => (r.preview ? undefined : refresh()) }),
    preview: useMutation({ mutationFn: (body: Parameters<typeof call<typeof e.preview>>[1]['body']) => call(e.preview, { body }) }),
    retry: useMutation({ mutationFn: (id: number) => call(e.retry, { params: { id } }) as Promise<Message>, onSuccess: refresh }),
    saveSettings: useMutation({ mutationFn: (body: MessagingSettingsInput) => call(e.updateSettings, { body }), onSuccess: refresh }),
    whatsappLink: useMutation({
      mutationFn: (body: { module: MessageModule; template?: number | null; text?: string; recipient: { kind: string; id: number } }) =>
        call(e.whatsappLink, { body }),
      onSuccess: refresh,
    }),
  };
}
