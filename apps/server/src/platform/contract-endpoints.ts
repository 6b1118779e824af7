import { readdir } from 'node:fs/promises';
import type { Endpoint } from '@photo/contracts/endpoint';
import type { ShopEndpoint, ShopUploadEndpoint } from '@photo/contracts/shop-api';

/**
 * Every call defined in `packages/contracts/src`, found by reading the folder: a table added later
 * (`export const fooApi = { ... }`) is found without a list to keep. The API contract fuzz test and
 * the OpenAPI documents read the same list.
 */
const contractsDir = new URL('../../../../packages/contracts/src/', import.meta.url);

export type ContractCall =
  | { kind: 'customer'; id: string; endpoint: Endpoint }
  | { kind: 'shop'; id: string; endpoint: ShopEndpoint }
  | { kind: 'shopUpload'; id: string; endpoint: ShopUploadEndpoint };

const has = (value: object, keys: string[]) => keys.every((key) => key in value);

function kindOf(value: unknown): ContractCall['kind'] | undefined {
  if (typeof value !== 'object' || value === null || !has(value, ['method', 'path', 'response'])) {
    return undefined;
  }
  if ('service' in value) return 'customer';
  return 'contentTypes' in value ? 'shopUpload' : 'shop';
}

/** Each call once, named `<table>.<key>` (`shopOrdersApi.putSuperOrder`), in a stable order. */
export async function contractCalls(): Promise<ContractCall[]> {
  const found: ContractCall[] = [];
  const files = (await readdir(contractsDir)).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  );
  for (const file of files.sort()) {
    const module = (await import(`@photo/contracts/${file.replace(/\.ts$/, '')}`)) as Record<string, unknown>;
    // Sorted: a module's namespace lists its exports by name under Node, in their order under Vitest.
    const tables = Object.entries(module).sort(([a], [b]) => (a < b ? -1 : 1));
    for (const [tableName, table] of tables) {
      if (typeof table !== 'object' || table === null) continue;
      for (const [name, endpoint] of Object.entries(table as Record<string, unknown>)) {
        const kind = kindOf(endpoint);
        if (kind) found.push({ kind, id: `${tableName}.${name}`, endpoint } as ContractCall);
      }
    }
  }
  return found;
}
