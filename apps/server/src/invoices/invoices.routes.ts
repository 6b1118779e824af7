import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serviceBasePath } from '@photo/contracts/endpoint';
import { invoicesApi } from '@photo/contracts/invoices';
import type { ApiRouter } from '../platform/api-router';
import type { BlobStore } from '../platform/blob-store';
import { sendBlob } from '../platform/blob-response';
import type { Authenticate } from '../platform/caller';
import type { InvoicesService } from './invoices.service';

export function registerInvoiceRoutes(
  app: FastifyInstance,
  api: ApiRouter,
  deps: { invoices: InvoicesService; blobs: BlobStore; authenticate: Authenticate },
): void {
  api.handle(invoicesApi.historical, ({ caller }) => deps.invoices.list(caller));

  const sendPdf = async (
    request: FastifyRequest,
    reply: FastifyReply,
    pdf: { key: string; size: number; fileName: string },
  ) => {
    void reply
      .type('application/pdf')
      .header('cache-control', 'private, no-cache')
      .header('content-disposition', `attachment; filename="${pdf.fileName}"`);
    return sendBlob(reply, deps.blobs, pdf.key, pdf.size, request.headers.range);
  };
  const base = serviceBasePath('invoices');
  // PDFs go to the invoice's owner only; the same stored bytes on every fetch.
  app.get<{ Params: { id: string; channel: string } }>(
    `${base}/api/v1/HistoricalInvoice/me/pdf/:id/:channel`,
    async (request, reply) => {
      const caller = await deps.authenticate(request);
      return sendPdf(
        request,
        reply,
        await deps.invoices.pdf(caller, request.params.id, request.params.channel),
      );
    },
  );
  app.get<{ Params: { id: string } }>(`${base}/api/v1/InvoiceGroupFiles/me/:id`, async (request, reply) => {
    const caller = await deps.authenticate(request);
    return sendPdf(request, reply, await deps.invoices.pdf(caller, request.params.id));
  });
}
