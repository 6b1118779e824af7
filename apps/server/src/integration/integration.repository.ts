import type { CallbackDelivery, CallbackFormat } from '@photo/contracts/integration';
import type { Queryable } from '../platform/database';
import { column, isoTimestamp, json, nullable, renamed, rowMapper, type RowOf } from '../platform/rows';

export interface CallbackSettings {
  customerId: string;
  isB2B: boolean;
  callbackUrl: string | null;
  callbackFormat: CallbackFormat | null;
  sealedSecret: string | null;
}

export interface DeliveryRecord extends CallbackDelivery {
  customerId: string;
  payload: CallbackPayload;
}

/** What a callback says; written once, when the change happens, and sent as it was. */
export interface CallbackPayload {
  deliveryId: string;
  event: string;
  occurredAt: string;
  /** The super order's code the customer knows, the inner order, its external status (docs/product/states.md) and internal state. */
  order: { orderCode: string; orderId: string; status: string; state: string } | null;
}

const deliveryColumns = {
  id: column<string>,
  customer_id: column<string>,
  event: column<string>,
  order_code: column<string | null>,
  payload: json<CallbackPayload>,
  state: column<CallbackDelivery['state']>,
  attempts: column<number>,
  response_status: column<number | null>,
  created_at: renamed('created', isoTimestamp),
  last_attempt_at: renamed('lastAttempt', nullable(isoTimestamp)),
};
type DeliveryRow = RowOf<typeof deliveryColumns>;
const toRecord: (row: DeliveryRow) => DeliveryRecord = rowMapper(deliveryColumns);

export function createIntegrationRepository(db: Queryable) {
  return {
    async settings(customerId: string, tx: Queryable = db): Promise<CallbackSettings | undefined> {
      const { rows } = await tx.query<{
        id: string;
        is_b2b: boolean;
        callback_url: string | null;
        callback_format: string | null;
        sealed_secret: string | null;
      }>(
        `SELECT c.id, c.is_b2b, c.callback_url, c.callback_format, s.sealed_secret
         FROM customers c LEFT JOIN callback_secrets s ON s.customer_id = c.id
         WHERE c.id = $1 AND c.deleted_at IS NULL`,
        [customerId],
      );
      const row = rows[0];
      return (
        row && {
          customerId: row.id,
          isB2B: row.is_b2b,
          callbackUrl: row.callback_url,
          callbackFormat:
            row.callback_format === 'XML' ? 'XML' : row.callback_format === 'JSON' ? 'JSON' : null,
          sealedSecret: row.sealed_secret,
        }
      );
    },

    async saveCallback(customerId: string, url: string | null, format: CallbackFormat): Promise<void> {
      await db.query('UPDATE customers SET callback_url = $2, callback_format = $3 WHERE id = $1', [
        customerId,
        url,
        format,
      ]);
    },

    async saveSecret(customerId: string, sealedSecret: string): Promise<void> {
      await db.query(
        `INSERT INTO callback_secrets (customer_id, sealed_secret) VALUES ($1, $2)
         ON CONFLICT (customer_id) DO UPDATE SET sealed_secret = EXCLUDED.sealed_secret, created_at = now()`,
        [customerId, sealedSecret],
      );
    },

    async insertDelivery(
      tx: Queryable,
      delivery: { id: string; customerId: string; payload: CallbackPayload },
    ): Promise<DeliveryRecord> {
      const { rows } = await tx.query<DeliveryRow>(
        `INSERT INTO callback_deliveries (id, customer_id, event, order_code, payload)
         VALUES ($1, $2, $3, $4, $5) RETURNING *`,
        [
          delivery.id,
          delivery.customerId,
          delivery.payload.event,
          delivery.payload.order?.orderCode ?? null,
          JSON.stringify(delivery.payload),
        ],
      );
      return toRecord(rows[0]!);
    },

    async latestDeliveries(customerId: string, limit: number): Promise<DeliveryRecord[]> {
      const { rows } = await db.query<DeliveryRow>(
        `SELECT * FROM callback_deliveries WHERE customer_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
        [customerId, limit],
      );
      return rows.map(toRecord);
    },

    async findDelivery(id: string): Promise<DeliveryRecord | undefined> {
      const { rows } = await db.query<DeliveryRow>('SELECT * FROM callback_deliveries WHERE id = $1', [id]);
      return rows[0] && toRecord(rows[0]);
    },

    async recordAttempt(
      id: string,
      attempt: {
        state: CallbackDelivery['state'];
        attempts: number;
        responseStatus: number | null;
        error: string | null;
      },
    ): Promise<void> {
      await db.query(
        `UPDATE callback_deliveries SET state = $2, attempts = $3, response_status = $4, last_error = $5,
           last_attempt_at = now() WHERE id = $1`,
        [id, attempt.state, attempt.attempts, attempt.responseStatus, attempt.error],
      );
    },

    /** Forgets finished deliveries older than the log keeps; pending ones stay until they end. */
    async deleteFinishedBefore(days: number): Promise<number> {
      const { rows } = await db.query<{ id: string }>(
        `DELETE FROM callback_deliveries WHERE state <> 'pending' AND created_at < now() - make_interval(days => $1)
         RETURNING id`,
        [days],
      );
      return rows.length;
    },
  };
}

export type IntegrationRepository = ReturnType<typeof createIntegrationRepository>;
