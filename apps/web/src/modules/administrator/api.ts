import {
  type Centre,
  type CentreInput,
  type Organisation,
  type paymentModeInputSchema,
  type paymentModeSchema,
  type Sport,
  type sportInputSchema,
} from '@arena/contracts/administrator';
import {
  centreEndpoints,
  centreSealEndpoints,
  organisationEndpoints,
  paymentModeEndpoints,
  sportEndpoints,
} from '@arena/contracts/administrator/routes';
import type { z } from '@arena/contracts/kit';
import { useQuery } from '@tanstack/react-query';
import { call, fetchFile } from '../../lib/api';
import { lookupKeys } from '../../lib/lookups';
import { lookupResource } from '../../lib/lookupResource';
import { sidebar } from '../../state/sidebar';

type SportInput = z.input<typeof sportInputSchema>;
type PaymentMode = z.infer<typeof paymentModeSchema>;
type PaymentModeInput = z.input<typeof paymentModeInputSchema>;

export const centreKeys = { all: ['administrator', 'centre'] as const };

/** Centres: writes refresh the list and every centre select (the sidebar's too: the 'centres' lookup). */
export const centres = lookupResource<Centre, CentreInput>(centreEndpoints, centreKeys.all, {
  invalidates: [lookupKeys.centres],
  afterWrite: () => sidebar.refetchCentreOptions(),
});

/** A centre's seal picture (drawn on its A4 invoices): its bytes, uploaded and removed at once, apart from the centre's form. */
export const centreSealKey = (id: number) => [...centreKeys.all, 'seal', id] as const;
export const useCentreSeal = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: centreSealKey(id),
    queryFn: async () => (await fetchFile(centreSealEndpoints.retrieve, { params: { id } }, 'image/*')).blob,
    enabled,
    staleTime: Infinity,
  });
export function uploadCentreSeal(id: number, file: File): Promise<Centre> {
  const body = new FormData();
  body.set('seal_picture', file);
  return call(centreSealEndpoints.upload, { params: { id }, body });
}
export const removeCentreSeal = (id: number): Promise<Centre> => call(centreSealEndpoints.remove, { params: { id } });

export const organisationKey = ['organisation', 'full'] as const;
export const useOrganisation = () =>
  useQuery({ queryKey: organisationKey, queryFn: () => call(organisationEndpoints.retrieve) as Promise<Organisation> });

/** Sports and payment modes: a write refreshes every query under the key, their lookups included (`lookupKeys.sports` is under `sportKeys.all`). */
export const sportKeys = { all: ['administrator', 'sport'] as const };
export const sports = lookupResource<Sport, SportInput>(sportEndpoints, sportKeys.all);

export const paymentModeKeys = { all: ['administrator', 'payment-mode'] as const };
export const paymentModes = lookupResource<PaymentMode, PaymentModeInput>(paymentModeEndpoints, paymentModeKeys.all);
