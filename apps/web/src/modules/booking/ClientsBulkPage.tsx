import { clientInputSchema } from '@arena/contracts';
import { CheckCircle2, ClipboardPaste, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { ResolvedNode } from '../../app/menu';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { PageHeader } from '../../components/PageHeader';
import { inputClass } from '../../components/TextField';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useClientMutations } from './api';
import { BookingTabs } from './BookingTabs';

interface Row {
  key: number;
  name: string;
  mobile: string;
  email: string;
  result?: { ok: boolean; message: string };
}
let seq = 0;
const blank = (): Row => ({ key: ++seq, name: '', mobile: '', email: '' });

/** Booking › Clients › Bulk Table: add many clients at once, typed or pasted from a spreadsheet. */
export function ClientsBulkPage({ node }: { node: ResolvedNode }) {
  const { create } = useClientMutations();
  const [rows, setRows] = useState<Row[]>(() => [blank(), blank(), blank()]);
  const [paste, setPaste] = useState('');
  const [saving, setSaving] = useState(false);

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

  const filled = rows.filter((r) => (r.name || r.mobile || r.email) && !r.result?.ok).length;

  return (
    <div>
      <PageHeader
        title="Clients"
        description="Add many clients at once. Rows that fail stay here with the reason, so you can fix them and save again."
      />
      <BookingTabs node={node} />
      <div className="grid gap-5 lg:grid-cols-[1fr_300px]">
        <Card className="relative overflow-x-auto">
          <table className="w-full min-w-[560px] text-sm" aria-label="New clients">
            <thead>
              <tr className="border-b border-line bg-subtle text-left text-xs font-semibold uppercase tracking-wide text-muted">
                <th className="px-3 py-2.5">Name</th>
                <th className="px-3 py-2.5">Mobile</th>
                <th className="px-3 py-2.5">Email</th>
                <th className="px-3 py-2.5">Result</th>
                <th className="px-3 py-2.5">
                  <span className="sr-only">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={r.key} className="border-b border-line align-top">
                  <td className="px-3 py-1.5">
                    <input
                      aria-label={`Row ${i + 1} name`}
                      value={r.name}
                      onChange={(e) => set(r.key, { name: e.target.value })}
                      className={`${inputClass()} h-9`}
                    />
                  </td>
                  <td className="px-3 py-1.5">
                    <input
                      aria-label={`Row ${i + 1} mobile`}
                      inputMode="numeric"
                      value={r.mobile}
                      onChange={(e) => set(r.key, { mobile: e.target.value })}
                      className={`${inputClass()} h-9`}
                    />
                  </td>
                  <td className="px-3 py-1.5">
                    <input
                      aria-label={`Row ${i + 1} email`}
                      value={r.email}
                      onChange={(e) => set(r.key, { email: e.target.value })}
                      className={`${inputClass()} h-9`}
                    />
                  </td>
                  <td className="max-w-[200px] px-3 py-2.5 text-xs">
                    {r.result &&
                      (r.result.ok ? (
                        <span className="inline-flex items-center gap-1 text-success">
                          <CheckCircle2 size={14} aria-hidden /> {r.result.message}
                        </span>
                      ) : (
                        <span className="text-danger-text">{r.result.message}</span>
                      ))}
                  </td>
                  <td className="px-3 py-1.5 text-right">
                    <button
                      type="button"
                      aria-label={`Remove row ${i + 1}`}
                      onClick={() => setRows((old) => old.filter((x) => x.key !== r.key))}
                      className="mt-1 rounded-md p-1.5 text-muted hover:bg-danger-soft hover:text-danger-text"
                    >
                      <Trash2 size={15} aria-hidden />
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
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
