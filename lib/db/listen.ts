import pg from "pg";
import { connection } from "./connection";
import { databaseTarget } from "./target";

const RECONNECT_MS = 1_000;

/**
 * Calls `onPayload` with every notification on `channel` for as long as the
 * process runs. On PostgreSQL a connection of its own, outside the pool,
 * reconnecting when it drops; `onConnected` runs on every (re)connection,
 * since notifications sent while it was down are lost. On PGlite, the
 * process's own database.
 */
export async function listen(channel: string, onPayload: (payload: string | undefined) => void, onConnected: () => void): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`channel ${channel}: letters, digits and _ only`);
  const target = databaseTarget();
  if (target.kind === "pglite") {
    const { driver } = connection();
    if (driver.kind === "pglite") await driver.pglite.listen(channel, onPayload);
    return;
  }
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: target.url });
    let retried = false;
    const retry = () => {
      if (retried) return;
      retried = true;
      client.end().catch(() => {});
      setTimeout(() => void connect().catch(() => {}), RECONNECT_MS).unref();
    };
    client.on("error", retry);
    client.on("end", retry);
    client.on("notification", (message) => onPayload(message.payload));
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
      onConnected();
    } catch (error) {
      console.error(`listening on ${channel}: ${(error as Error).message}; retrying`);
      retry();
    }
  };
  await connect();
}
