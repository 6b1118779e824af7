import { describe, it } from 'vitest';
import { expectCompleteCatalogues } from '../testing/message-catalogues';

describe('archive message catalogues', () => {
  it('has every storefront language, each with the same keys and placeholders as English', async () => {
    await expectCompleteCatalogues(new URL('./messages/', import.meta.url), 'skipped.fileName');
  });
});
