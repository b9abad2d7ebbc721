import { clientInputSchema } from '@arena/contracts/booking';
import { CheckCircle2, ClipboardPaste, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { usePhoneLayout } from '../../components/usePhoneLayout';
import { inputClass } from '../../components/TextField';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useClientMutations } from './api';

interface Row {
  key: number;
  name: string;
  mobile: string;
  email: string;
  result?: { ok: boolean; message: string };
}
type FieldKey = 'name' | 'mobile' | 'email';
const FIELDS: { key: FieldKey; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'mobile', label: 'Mobile' },
  { key: 'email', label: 'Email' },
];
let seq = 0;
const blank = (): Row => ({ key: ++seq, name: '', mobile: '', email: '' });

/** Booking › Clients in bulk mode (also /booking/clients/bulk-table): add many clients at once, typed or pasted from a spreadsheet. */
export function ClientsBulkEditor() {
  const { create } = useClientMutations();
  const [rows, setRows] = useState<Row[]>(() => [blank(), blank(), blank()]);
  const [paste, setPaste] = useState('');
  const [saving, setSaving] = useState(false);
  const phone = usePhoneLayout();

  const set = (key: number, changes: Partial<Row>) =>
    setRows((old) => old.map((r) => (r.key === key ? { ...r, ...changes, result: undefined } : r)));
  const importPaste = () => {
    const parsed = paste
      .split(/\r?\n/)
      .map((line) => line.split(/\t|,/).map((c) => c.trim()))
      .filter((c) => c.some(Boolean))
      .map(([name = '', mobile = '', email = '']) => ({ ...blank(), name, mobile, email }));
    setRows((old) => [...old.filter((r) => r.name || r.mobile || r.email), ...parsed]);
    setPaste('');
  };

  async function saveAll() {
    setSaving(true);
    let created = 0;
    const next: Row[] = [];
    for (const row of rows) {
      if (!row.name && !row.mobile && !row.email) continue;
      if (row.result?.ok) {
        next.push(row);
        continue;
      }
      const parsed = clientInputSchema.safeParse({ name: row.name, mobile: row.mobile, email: row.email });
      if (!parsed.success) {
        next.push({ ...row, result: { ok: false, message: parsed.error.issues.map((i) => i.message).join(' ') } });
        continue;
      }
      try {
        await create.mutateAsync(parsed.data);
        created++;
        next.push({ ...row, result: { ok: true, message: 'Added' } });
      } catch (error) {
        next.push({ ...row, result: { ok: false, message: errorMessage(error) } });
      }
    }
    setRows(next.length ? next : [blank()]);
    setSaving(false);
    if (created) notify.success(`${created} ${created === 1 ? 'client' : 'clients'} added.`);
  }

  const field = (r: Row, i: number, key: FieldKey) => (
    <input
      aria-label={`Row ${i + 1} ${key}`}
      inputMode={key === 'mobile' ? 'numeric' : undefined}
      value={r[key]}
      onChange={(e) => set(r.key, { [key]: e.target.value })}
      className={`${inputClass()} h-9`}
    />
  );
  const outcome = (r: Row) =>
    r.result && (
      <p className="text-xs">
        {r.result.ok ? (
          <span className="inline-flex items-center gap-1 text-success">
            <CheckCircle2 size={14} aria-hidden /> {r.result.message}
          </span>
        ) : (
          <span className="text-danger-text">{r.result.message}</span>
        )}
      </p>
    );
  const removeButton = (r: Row, i: number) => (
    <button
      type="button"
      aria-label={`Remove row ${i + 1}`}
      onClick={() => setRows((old) => old.filter((x) => x.key !== r.key))}
      className="rounded-md p-1.5 text-muted hover:bg-danger-soft hover:text-danger-text sm:mt-1"
    >
      <Trash2 size={15} aria-hidden />
    </button>
  );

  const filled = rows.filter((r) => (r.name || r.mobile || r.email) && !r.result?.ok).length;

  return (
    <div>
      <p className="mb-4 text-sm text-muted">
        Add many clients at once. Rows that fail stay here with the reason, so you can fix them and save again.
      </p>
      <div className="grid gap-5 lg:grid-cols-[1fr_300px]">
        <Card className="relative overflow-x-auto">
          {phone ? (
            <ul aria-label="New clients" className="divide-y divide-line border-b border-line">
              {rows.map((r, i) => (
                <li key={r.key} className="space-y-2 p-3">
                  <div className="flex items-center justify-between">
                    <span className="text-xs font-semibold uppercase tracking-wide text-muted">Row {i + 1}</span>
                    {removeButton(r, i)}
                  </div>
                  {FIELDS.map((f) => (
                    <label key={f.key} className="block">
                      <span className="mb-1 block text-xs text-muted">{f.label}</span>
                      {field(r, i, f.key)}
                    </label>
                  ))}
                  {outcome(r)}
                </li>
              ))}
            </ul>
          ) : (
            <table className="w-full min-w-[560px] text-sm" aria-label="New clients">
              <thead>
                <tr className="border-b border-line bg-subtle text-left text-xs font-semibold uppercase tracking-wide text-muted">
                  {FIELDS.map((f) => (
                    <th key={f.key} className="px-3 py-2.5">
                      {f.label}
                    </th>
                  ))}
                  <th className="px-3 py-2.5">Result</th>
                  <th className="px-3 py-2.5">
                    <span className="sr-only">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r, i) => (
                  <tr key={r.key} className="border-b border-line align-top">
                    {FIELDS.map((f) => (
                      <td key={f.key} className="px-3 py-1.5">
                        {field(r, i, f.key)}
                      </td>
                    ))}
                    <td className="max-w-[200px] px-3 py-2.5">{outcome(r)}</td>
                    <td className="px-3 py-1.5 text-right">{removeButton(r, i)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <div className="flex flex-wrap justify-between gap-2 p-3">
            <Button variant="secondary" size="sm" onClick={() => setRows((old) => [...old, blank()])}>
              <Plus size={14} aria-hidden /> Add row
            </Button>
            <Button onClick={() => void saveAll()} disabled={saving || filled === 0}>
              {saving ? 'Saving…' : `Save ${filled} ${filled === 1 ? 'client' : 'clients'}`}
            </Button>
          </div>
        </Card>
        <Card className="h-fit p-4">
          <label htmlFor="bulk-paste" className="mb-1.5 block text-sm font-medium">
            Paste from a spreadsheet
          </label>
          <textarea
            id="bulk-paste"
            rows={6}
            value={paste}
            onChange={(e) => setPaste(e.target.value)}
            placeholder={'Asha Rao\t9876543210\tasha@example.com'}
            className={`${inputClass()} h-auto py-2 font-mono text-xs`}
          />
          <p className="mt-1.5 text-xs text-muted">One client per line: name, mobile, email (tab or comma separated).</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={importPaste} disabled={!paste.trim()}>
            <ClipboardPaste size={14} aria-hidden /> Add to table
          </Button>
          {rows.some((r) => r.result && !r.result.ok) && (
            <Alert tone="warning" className="mt-4">
              Some rows were not saved. Fix them and save again.
            </Alert>
          )}
        </Card>
      </div>
    </div>
  );
}
