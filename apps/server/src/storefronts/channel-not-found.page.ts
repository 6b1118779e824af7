import { escapeHtml } from '../platform/html';

/** Shown for a host name that no storefront serves (docs/product/errors.md: "channel not found" is reported). */
export function renderChannelNotFound(correlationId: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Shop not found</title></head>
<body>
<main>
<h1>Shop not found</h1>
<p>This address does not belong to any of our shops. Please check the address, or go to your country's shop.</p>
<p>Reference: ${escapeHtml(correlationId)}</p>
</main>
</body>
</html>`;
}
