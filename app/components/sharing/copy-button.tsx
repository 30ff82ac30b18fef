import { useState } from "react";
import { Button } from "~/components/ui/button";

/** Copies `text` with JavaScript; without it the button is not drawn and the text stays selectable beside it. */
export function CopyButton({ text, label = "Copy", name }: { text: string; label?: string; name?: string }) {
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied("yes");
    } catch {
      // No clipboard (an insecure origin, a refusal): the text is selected for the owner to copy by hand.
      setCopied("no");
    }
  }
  return (
    <>
      <Button variant="secondary" className="js-only" aria-label={name} onClick={() => void copy()}>
        {label}
      </Button>
      <span className="copy-status" role="status">
        {copied === "yes" ? "Copied." : copied === "no" ? "Copy it by hand: the browser refused." : ""}
      </span>
    </>
  );
}
