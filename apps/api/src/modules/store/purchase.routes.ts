/** Store › purchases: suppliers' bills (stock in, the expense on the ledger), paying a payable bill, returns to the supplier. */
import { idSchema, isoDateSchema } from '@arena/contracts/kit';
import { purchaseEndpoints, type PurchaseListItem } from '@arena/contracts/store';
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listRoute, showName } from '../../platform/list.js';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { centre } from '../administrator/index.js';
import { MODULE } from './constants.js';
import { createPurchase, loadPurchase, payPurchase, purchaseJson, returnPurchase } from './purchase.service.js';
import { purchase, supplier } from './schema.js';

const tags = ['store_purchase'];

export async function purchaseRoutes(app: FastifyInstance): Promise<void> {
  const e = purchaseEndpoints;
  const lineCount = sql<number>`(select count(*)::int from store_purchase_line l where l.organisation_id = ${purchase.organisationId} and l.purchase_id = ${purchase.id})`;
  const createdByName = sql<
    string | null
  >`(select trim(u.first_name || ' ' || u.last_name) from app_user u where u.id = ${purchase.createdBy})`;
  listRoute(app, e.list, {
    module: MODULE,
    tags,
    summary: "Suppliers' bills",
    list: {
      fields: { row: purchase, supplierName: supplier.name, centreName: centre.name, lineCount, createdByName },
      from: (tx, fields) =>
        tx
          .select(fields)
          .from(purchase)
          .innerJoin(supplier, and(eq(supplier.organisationId, purchase.organisationId), eq(supplier.id, purchase.supplierId)))
          .innerJoin(centre, and(eq(centre.organisationId, purchase.organisationId), eq(centre.id, purchase.centreId)))
          .$dynamic(),
      where: (ctx) => eq(purchase.organisationId, ctx.organisationId),
      search: [purchase.billNo, supplier.name],
      filters: {
        supplier: { schema: idSchema, where: (v: number) => eq(purchase.supplierId, v), label: 'Supplier', show: showName(supplier) },
        centre: { schema: idSchema, where: (v: number) => eq(purchase.centreId, v), label: 'Center', show: showName(centre) },
        status: { schema: z.enum(['paid', 'payable']), where: (v: 'paid' | 'payable') => eq(purchase.status, v), label: 'Status' },
        date_after: { schema: isoDateSchema, where: (v: string) => gte(purchase.billDate, v), label: 'From' },
        date_before: { schema: isoDateSchema, where: (v: string) => lte(purchase.billDate, v), label: 'To' },
      },
      ordering: { bill_date: purchase.billDate, total: purchase.total, supplier: supplier.name, created_at: purchase.createdAt },
      defaultOrdering: [desc(purchase.billDate), desc(purchase.id)],
      tiebreak: purchase.id,
      map: (_tx, _ctx, rows) =>
        (
          rows as {
            row: typeof purchase.$inferSelect;
            supplierName: string;
            centreName: string;
            lineCount: number;
            createdByName: string | null;
          }[]
        ).map((r): PurchaseListItem =>
          purchaseJson({
            id: r.row.id,
            supplier_id: r.row.supplierId,
            supplier_name: r.supplierName,
            centre_id: r.row.centreId,
            centre_name: r.centreName,
            bill_no: r.row.billNo,
            bill_date: r.row.billDate,
            due_date: r.row.dueDate,
            taxable: r.row.taxable,
            gst: r.row.gst,
            total: r.row.total,
            returned: r.row.returned,
            status: r.row.status,
            paid_on: r.row.paidOn,
            notes: r.row.notes,
            created_by_name: r.createdByName,
            created_at: r.row.createdAt,
            line_count: r.lineCount,
          }),
        ),
      export: {
        filename: 'store-purchases',
        title: 'Purchases',
        columns: [
          { header: 'Bill date', value: (p) => p.bill_date, type: 'date' },
          { header: 'Bill no.', value: (p) => p.bill_no },
          { header: 'Supplier', value: (p) => p.supplier_name },
          { header: 'Center', value: (p) => p.centre_name },
          { header: 'Lines', value: (p) => p.line_count, type: 'number' },
          { header: 'Taxable', value: (p) => p.taxable, type: 'money', total: true },
          { header: 'GST', value: (p) => p.gst, type: 'money', total: true },
          { header: 'Total', value: (p) => p.total, type: 'money', total: true },
          { header: 'Returned', value: (p) => p.returned, type: 'money', total: true },
          { header: 'Status', value: (p) => (p.status === 'paid' ? 'Paid' : 'Payable') },
          { header: 'Due date', value: (p) => p.due_date, type: 'date' },
        ],
      },
    },
  });
  route(app, e.create, {
    module: MODULE,
    tags,
    summary: "Enters a supplier's bill: its batches, stock in, and the expense when paid",
    handler: async (request, reply) => reply.status(201).send(await inTenant(request, (tx, ctx) => createPurchase(tx, ctx, request.body))),
  });
  route(app, e.retrieve, {
    module: MODULE,
    tags,
    summary: 'One bill with its lines',
    handler: async (request) => inTenant(request, (tx, ctx) => loadPurchase(tx, ctx, request.params.id)),
  });
  route(app, e.pay, {
    module: MODULE,
    tags,
    summary: 'Pays a payable bill (the expense on the ledger)',
    handler: async (request) => inTenant(request, (tx, ctx) => payPurchase(tx, ctx, request.params.id, request.body)),
  });
  route(app, e.return, {
    module: MODULE,
    tags,
    summary: 'Returns goods of a bill to the supplier',
    handler: async (request) => inTenant(request, (tx, ctx) => returnPurchase(tx, ctx, request.params.id, request.body)),
  });
}
