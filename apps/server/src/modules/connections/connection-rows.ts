/** A connection's stored row and its API shape (the config as masked for the list). */
import type { Connection, WebhookEvent } from '@sorteio/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { externalConnections } from '../../db/schema';
import { notFound } from '../../lib/errors';

export type Row = typeof externalConnections.$inferSelect;

export function toConnection(row: Row): Connection {
  return {
    id: row.id,
    connection_name: row.connectionName,
    connection_type: row.connectionType as Connection['connection_type'],
    service_name: row.serviceName,
    config_data: row.configMasked as Record<string, unknown>,
    is_active: row.isActive,
    events: row.events as WebhookEvent[],
    created_at: row.createdAt.toISOString(),
  };
}

export async function getRow(db: Db, id: string): Promise<Row> {
  const [row] = await db.select().from(externalConnections).where(eq(externalConnections.id, id));
  if (!row) throw notFound('Conexão não encontrada.');
  return row;
}
