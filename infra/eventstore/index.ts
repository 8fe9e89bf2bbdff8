/** Chooses the event store adapter (EVENT_STORE=postgres|esdb). */
import type { Pool } from 'pg';
import { PostgresEventStore, type PostgresEventStoreOptions } from './postgres.js';
import type { EventStore } from './types.js';

export interface EventStoreConfig {
  kind: 'postgres' | 'esdb';
  /** Required for postgres; stays the caller's to end. */
  pool?: Pool;
  /** Required for esdb: `esdb://…`. */
  esdbConnectionString?: string;
  postgres?: PostgresEventStoreOptions;
}

export async function createEventStore(config: EventStoreConfig): Promise<EventStore> {
  switch (config.kind) {
    case 'postgres':
      if (!config.pool) throw new Error('the postgres event store needs a pg pool');
      return PostgresEventStore.create(config.pool, config.postgres);
    case 'esdb': {
      if (!config.esdbConnectionString) throw new Error('EVENT_STORE=esdb needs EVENTSTORE_CONNECTION_STRING');
      // Loaded only when chosen: the gRPC client takes a second or more to import.
      const { EsdbEventStore } = await import('./esdb.js');
      return EsdbEventStore.create(config.esdbConnectionString);
    }
    default: {
      const unknownKind: never = config.kind;
      throw new Error(`unknown event store kind: ${String(unknownKind)}`);
    }
  }
}

export { PostgresEventStore, type PostgresEventStoreOptions } from './postgres.js';
export * from './types.js';
