import { CopyButton } from "~/components/sharing/copy-button";
import { Button, buttonClass } from "~/components/ui/button";
import { useSite } from "~/components/use-site";

/** The codes as a text file: what Copy puts on the clipboard and Download saves, one code a line. */
function recoveryCodesText(codes: string[], siteTitle: string | undefined): string {
  const heading = siteTitle ? `Recovery codes for ${siteTitle}` : "Recovery codes";
  return [heading, "Each works once, in place of a code from the app.", "", ...codes, ""].join("\n");
}

/**
 * New recovery codes, on the one page that shows them, with ways to keep them: Download (a data: link, so it works
 * without JavaScript), and where JavaScript runs Copy and Print (the print shows the codes alone: two-step.css).
 */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  const text = recoveryCodesText(codes, useSite()?.title);
  return (
    <div className="recovery-codes" role="region" aria-labelledby="recovery-codes-heading">
      <h3 id="recovery-codes-heading">Recovery codes</h3>
      <p className="recovery-codes__lede">
        Each works once, in place of a code from the app. Keep them somewhere safe: this page shows them only now.
      </p>
      <ol className="recovery-codes__list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="recovery-codes__actions">
        <a
          className={buttonClass({ variant: "secondary" })}
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="recovery-codes.txt"
        >
          Download as a text file
        </a>
        <Button variant="secondary" className="js-only" onClick={() => window.print()}>
          Print
        </Button>
        <CopyButton text={text} label="Copy the codes" />
      </div>
    </div>
  );
}
