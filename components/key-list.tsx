import { CopyButton } from "./copy-button";

/** The delivered keys of one item, each with its copy button: the buyer's page and the reseller portal show them alike. */
export function KeyList({ productName, variantName, keys }: { productName: string; variantName: string; keys: string[] }) {
  return (
    <ol className="space-y-1" aria-label={`Keys for ${productName} · ${variantName}`}>
      {keys.map((line, index) => (
        <li key={index} className="flex items-center gap-2">
          <code className="min-w-0 flex-1 break-all rounded bg-slate-50 px-2 py-1 font-mono text-sm" data-testid="delivered-key">
            {line}
          </code>
          <CopyButton text={line} ariaLabel={`Copy key ${index + 1} of ${productName}`} />
        </li>
      ))}
    </ol>
  );
}
