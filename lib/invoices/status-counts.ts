/**
 * Rebuilds the per-(shop, status) invoice counters from the invoices table.
 * The trigger keeps them exact for every row change; this is for bulk loads
 * that bypass the trigger (the benchmark) and for repair.
 */
export const RECOMPUTE_INVOICE_STATUS_COUNTS = `
  DELETE FROM invoice_status_counts;
  INSERT INTO invoice_status_counts (shop_id, status, slot, count)
  SELECT shop_id, status, id % 16, count(*) FROM invoices GROUP BY 1, 2, 3;`;
