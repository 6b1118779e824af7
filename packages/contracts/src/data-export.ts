import { z } from 'zod/mini';
import { DownloadRequestSchema } from './downloads';
import { defineEndpoint } from './endpoint';

/**
 * 'Download my data' (issue 12, beyond the spec): an archive of the whole account, built in the
 * background like photo archives and downloaded from the downloads page. The id is the client's, so
 * a retried request answers the same archive.
 */
export const dataExportApi = {
  create: defineEndpoint({
    service: 'customers',
    method: 'POST',
    path: '/customers/me/data-export',
    body: z.object({
      id: z.uuid(),
      locale: z.optional(z.string()),
      /** How the downloads page names the archive, in the customer's language. */
      name: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
    }),
    response: DownloadRequestSchema,
    successStatus: 202,
  }),
};
