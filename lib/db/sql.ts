import pg from "pg";
import { closePglite, databaseTarget, openPglite } from "./target";

/**
 * A bare SQL connection to the configured database, for the scripts that
 * work below Prisma (migrations, the benchmark's bulk load).
 */
export type Sql = {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  exec(text: string): Promise<void>;
  close(): Promise<void>;
};

export async function connectSql(): Promise<Sql> {
  const target = databaseTarget();
  if (target.kind === "pglite") {
    const pglite = openPglite(target.dir);
    return {
      query: async (text, params) => (await pglite.query(text, params)).rows as never[],
      exec: async (text) => void (await pglite.exec(text)),
      close: () => closePglite(),
    };
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  return {
    query: async (text, params) => (await client.query(text, params)).rows,
    exec: async (text) => void (await client.query(text)),
    close: () => client.end(),
  };
}
