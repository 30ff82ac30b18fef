import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import type { VisitorSelection } from "~/lib/favourites";
import { formatInZone } from "~/lib/time-zone";

/**
 * Where a visitor's selection stands on the owner's album page (record 080):
 * choosing, sent (when, with their note, and Reopen), or reopened.
 */
export function VisitorSelectionState({ visitor, zone }: { visitor: VisitorSelection; zone: string }) {
  if (visitor.state === "sent") {
    return (
      <div className="visitor-selection visitor-selection--sent">
        <p>
          <span className="visitor-selection__state">Sent</span> {formatInZone(visitor.sentAt!, zone)}
        </p>
        {visitor.note ? (
          <blockquote className="visitor-selection__note" aria-label={`${visitor.name}'s note`}>
            {visitor.note}
          </blockquote>
        ) : null}
        <Form method="post" className="visitor-selection__reopen">
          <input type="hidden" name="intent" value="selection-reopen" />
          <input type="hidden" name="visitorId" value={visitor.visitorId} />
          <Button type="submit" variant="secondary" aria-label={`Reopen ${visitor.name}'s selection`}>
            Reopen
          </Button>
        </Form>
      </div>
    );
  }
  return (
    <p className="visitor-selection visitor-selection--open">
      <span className="visitor-selection__state">{visitor.state === "reopened" ? "Reopened" : "Choosing"}</span>
      {visitor.state === "reopened"
        ? ` ${formatInZone(visitor.reopenedAt!, zone)}: not sent again yet`
        : ": not sent yet"}
    </p>
  );
}

/** The visitor's comments, each beside its photo; React prints them as text. */
export function VisitorComments({ visitor }: { visitor: VisitorSelection }) {
  if (visitor.comments.length === 0) return null;
  return (
    <ul className="visitor-comments" aria-label={`${visitor.name}'s comments`}>
      {visitor.comments.map((comment) => (
        <li key={comment.imageId}>
          <img src={comment.thumbnailUrl} alt={comment.name} title={comment.filename} loading="lazy" />
          <p>
            <span className="visitor-comments__file">{comment.filename}</span>
            {comment.body}
          </p>
        </li>
      ))}
    </ul>
  );
}
