import { SEAL_MAX_BYTES, SEAL_MESSAGE, SEAL_TYPES, type Centre } from '@arena/contracts/administrator';
import { useQueryClient } from '@tanstack/react-query';
import { ImagePlus, Stamp, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Button } from '../../components/Button';
import { errorMessage, fieldErrors } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { centreKeys, centreSealKey, removeCentreSeal, uploadCentreSeal, useCentreSeal } from './api';

/**
 * The centre's seal in its edit dialog: a preview, Upload/Change and Remove. Each is saved at once
 * (`PUT`/`DELETE …/centre/{id}/seal/`), not with the form's Save; a new centre gets its seal once saved.
 */
export function CentreSealField({ centre }: { centre: Centre | null }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [hasSeal, setHasSeal] = useState(centre?.has_seal ?? false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const seal = useCentreSeal(centre?.id ?? 0, !!centre && hasSeal);
  const url = useMemo(() => (hasSeal && seal.data ? URL.createObjectURL(seal.data) : null), [hasSeal, seal.data]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );

  const hint = `PNG or JPEG, up to ${SEAL_MAX_BYTES / 1024 / 1024} MB. Drawn above “Authorised Signatory” on this center’s A4 invoices and credit notes.`;
  if (!centre)
    return (
      <div className="sm:col-span-2">
        <span className="mb-1.5 block text-sm font-medium">Seal</span>
        <p className="text-xs text-muted">Save the center first, then edit it to add its seal. {hint}</p>
      </div>
    );

  async function change(work: () => Promise<Centre>, done: string) {
    setBusy(true);
    setError(null);
    try {
      const updated = await work();
      setHasSeal(updated.has_seal);
      await queryClient.invalidateQueries({ queryKey: centreKeys.all });
      notify.success(done);
    } catch (err) {
      setError(fieldErrors(err).seal_picture ?? errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="sm:col-span-2">
      <span className="mb-1.5 block text-sm font-medium" id={`${id}-label`}>
        Seal
      </span>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-md border border-line bg-surface">
          {url ? (
            <img src={url} alt={`Seal of ${centre.name}`} className="max-h-full max-w-full object-contain" />
          ) : (
            <Stamp size={28} className="text-muted" aria-label={hasSeal ? 'Loading the seal' : 'No seal'} />
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label
            htmlFor={id}
            aria-disabled={busy}
            className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border border-line-strong bg-surface px-3 text-sm font-medium shadow-sm hover:bg-subtle focus-within:ring-2 focus-within:ring-accent/40 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
          >
            <ImagePlus size={16} aria-hidden /> {hasSeal ? 'Change seal' : 'Upload seal'}
            <input
              id={id}
              type="file"
              accept={SEAL_TYPES.join(',')}
              className="sr-only"
              disabled={busy}
              aria-describedby={`${id}-hint`}
              onChange={(e) => {
                const picked = e.target.files?.[0] ?? null;
                e.target.value = '';
                if (!picked) return;
                if (!(SEAL_TYPES as readonly string[]).includes(picked.type) || picked.size > SEAL_MAX_BYTES) return setError(SEAL_MESSAGE);
                void change(async () => {
                  const updated = await uploadCentreSeal(centre.id, picked);
                  queryClient.setQueryData(centreSealKey(centre.id), picked);
                  return updated;
                }, `Seal of ${centre.name} saved.`);
              }}
            />
          </label>
          {hasSeal && (
            <Button
              variant="ghost-danger"
              size="sm"
              className="h-9"
              disabled={busy}
              onClick={() => void change(() => removeCentreSeal(centre.id), `Seal of ${centre.name} removed.`)}
            >
              <Trash2 size={16} aria-hidden /> Remove seal
            </Button>
          )}
        </div>
      </div>
      <p id={`${id}-hint`} className="mt-2 text-xs text-muted">
        {hint} Saved as soon as you choose it.
      </p>
      {error && (
        <p role="alert" className="mt-1 text-xs font-medium text-danger-text">
          {error}
        </p>
      )}
    </div>
  );
}
