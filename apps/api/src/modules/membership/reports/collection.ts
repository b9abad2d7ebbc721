import type { MembershipCollectionReport } from '@arena/contracts';
import type { Tx } from '../../../platform/db/client.js';
import type { ReportDefinition, ReportWindow } from '../../../platform/report.js';
import type { Ctx } from '../../../platform/request-context.js';
import { sheet, type ExportColumn } from '../../../platform/export.js';
import { monthsOf } from '../../../platform/time.js';
import { collectionColumns, collections, monthLabel, sum, totalSums, type CollectionSums } from './shared.js';

async function collectionReport(
  tx: Tx,
  ctx: Ctx,
  q: { centre?: number },
  f: ReportWindow,
): Promise<Omit<MembershipCollectionReport, 'from' | 'to'>> {
  const pairs = (await collections(tx, ctx, { ...f, centre: q.centre }, ['month', 'mode']))
    .map((r) => ({
      month: r.month!,
      payment_mode: r.mode ?? 'Other',
      receipts: r.receipts,
      refunds: r.refunds,
      net: r.net,
      count: r.count,
    }))
    .sort((a, b) => a.month.localeCompare(b.month) || a.payment_mode.localeCompare(b.payment_mode));
  const rows = monthsOf(f.from, f.to).map((month) => ({
    month,
    label: monthLabel(month),
    ...totalSums(pairs.filter((p) => p.month === month)),
  }));
  const modes = [...new Set(pairs.map((p) => p.payment_mode))].sort();
  const byMode = modes.map((payment_mode) => ({ payment_mode, ...totalSums(pairs.filter((p) => p.payment_mode === payment_mode)) }));
  return { rows, by_mode: byMode, by_month_mode: pairs, total: totalSums(rows) };
}

type Month = { month: string | null; label: string } & CollectionSums;
type Mode = { payment_mode: string } & CollectionSums;

/** Reports › Membership › Month wise collection: months down, then the net of each payment mode across. */
export const collectionReportDefinition: ReportDefinition<{ centre?: number }, MembershipCollectionReport, Month> = {
  summary: 'Month wise collection: receipts, refunds and net of memberships and member services per month and payment mode',
  description: 'The file has a column per payment mode (net); the XLSX file also a sheet per payment mode.',
  run: async ({ tx, ctx, q, window }) => ({ ...window, ...(await collectionReport(tx, ctx, q, window)) }),
  file: ({ report }) => {
    const netOf = (month: string | null, mode: string) =>
      sum(report.by_month_mode.filter((p) => (month === null || p.month === month) && p.payment_mode === mode).map((p) => p.net));
    const columns: ExportColumn<Month>[] = [
      { header: 'Month', value: (x) => x.label },
      ...collectionColumns<Month>(),
      ...report.by_mode.map((m) => ({
        header: m.payment_mode,
        value: (x: Month) => netOf(x.month, m.payment_mode),
        type: 'money' as const,
      })),
    ];
    return {
      filename: 'membership-collections',
      title: 'Membership collections month wise',
      columns,
      rows: [...report.rows, { month: null, label: 'Total', ...report.total }],
      sheets: [
        sheet<Mode>({
          title: 'By payment mode',
          columns: [{ header: 'Payment mode', value: (x) => x.payment_mode }, ...collectionColumns<Mode>()],
          rows: [...report.by_mode, { payment_mode: 'Total', ...report.total }],
        }),
      ],
    };
  },
};
