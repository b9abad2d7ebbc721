import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../components/Button';
import { PhoneLink } from '../../../../components/PhoneLink';
import { WhatsAppDueLink } from '../../../../components/WhatsAppLink';
import { CollectPaymentDialog } from '../../members/CollectPaymentDialog';
import type { MembershipDueReport } from '@arena/contracts/membership';
import { Link } from 'react-router';
import { Chart } from '../../../../components/charts/Chart';
import { countCell, moneyCell, periodText, ReportChart, ReportFigures, ReportTableCard } from '../../../../components/report/ReportParts';
import { StatCard } from '../../../../components/StatCard';
import { formatCount, formatMoney } from '../../../../lib/format';
import { memberPath } from '../parts';
import { monthText, percentOf } from '../rules';

/** Reports › Membership › Month Wise Dues: headline figures, a chart, and the table with its totals. */
export function DueReportView({ report }: { report: MembershipDueReport }) {
  const t = report.total;
  const [collecting, setCollecting] = useState<{ id: number; name: string } | null>(null);
  return (
    <>
      <ReportFigures>
        <StatCard
          label="Due"
          value={<span className={Number(t.due) > 0 ? 'text-danger-text' : ''}>{formatMoney(t.due)}</span>}
          sub="Owed today"
        />
        <StatCard label="Sales" value={formatCount(t.sales)} sub={periodText(report)} />
        <StatCard label="Sales value" value={formatMoney(t.total)} />
        <StatCard label="Paid" value={formatMoney(t.paid)} sub={`${percentOf(Number(t.paid), Number(t.total))} % of the value`} />
      </ReportFigures>
      <ReportChart title="Paid and due, by the month of sale">
        <Chart
          kind="bar"
          stacked
          money
          label="Amount paid and still due on the sales of each month"
          data={report.rows.map((r) => ({ month: r.month, paid: Number(r.paid), due: Number(r.due) }))}
          x="month"
          xFormat={(m) => monthText(String(m))}
          xTooltip={(m) => monthText(String(m), true)}
          series={[
            { key: 'paid', label: 'Paid' },
            { key: 'due', label: 'Due' },
          ]}
          xLabel="Month of sale"
          yLabel="Amount"
        />
      </ReportChart>
      <ReportTableCard
        label="Month wise dues report"
        columns={[
          { header: 'Month' },
          { header: 'Sales', numeric: true },
          { header: 'Value', numeric: true },
          { header: 'Paid', numeric: true },
          { header: 'Due', numeric: true },
        ]}
        rows={report.rows.map((r) => ({
          key: r.month,
          cells: [r.label, countCell(r.sales), moneyCell(r.total), moneyCell(r.paid), moneyCell(r.due)],
        }))}
        total={['Total', formatCount(t.sales), formatMoney(t.total), formatMoney(t.paid), formatMoney(t.due)]}
      />
      {report.members.length > 0 && (
        <ReportTableCard
          title={`Members who owe (${formatCount(report.members.length)}${report.members.length >= 100 ? ', largest dues' : ''})`}
          label="Members who owe"
          columns={[
            { header: 'Member' },
            { header: 'Phone' },
            { header: 'Sales', numeric: true },
            { header: 'Value', numeric: true },
            { header: 'Paid', numeric: true },
            { header: 'Due', numeric: true },
            { header: 'Actions', srOnly: true },
          ]}
          rows={report.members.map((m) => ({
            key: String(m.member_id),
            cells: [
              <Link to={`${memberPath(m.member_id)}/payment-history`} className="text-accent-text hover:underline">
                {m.name}
                <span className="block text-xs font-normal tabular text-muted">{m.member_code}</span>
              </Link>,
              <PhoneLink phone={m.phone} />,
              formatCount(m.sales),
              formatMoney(m.total),
              formatMoney(m.paid),
              <span className="font-medium text-danger-text">{formatMoney(m.due)}</span>,
              <div className="flex items-center justify-end gap-1 whitespace-nowrap">
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Collect from ${m.name}`}
                  onClick={() => setCollecting({ id: m.member_id, name: m.name })}
                >
                  <Wallet size={14} aria-hidden /> Collect
                </Button>
                <WhatsAppDueLink name={m.name} phone={m.phone} due={m.due} />
              </div>,
            ],
          }))}
        />
      )}
      {collecting && (
        <CollectPaymentDialog
          member={collecting.id}
          memberName={collecting.name}
          open
          onOpenChange={(open) => !open && setCollecting(null)}
        />
      )}
    </>
  );
}
