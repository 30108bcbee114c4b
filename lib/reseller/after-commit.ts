/**
 * Work that runs after a purchase committed (dynamic calls, reading the
 * invoice again, updating the stored replay). The balance is charged and the
 * invoice exists by then, so a failure here must never become the answer:
 * it is logged, and the caller answers with what the transaction committed.
 */
export async function afterCommit<T>(what: string, work: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    console.error(`after commit: ${what} failed; answering with the committed result`, error);
    return fallback;
  }
}
