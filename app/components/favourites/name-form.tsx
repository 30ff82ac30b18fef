import { useState, type FormEvent } from "react";
import { ErrorBanners } from "~/components/admin/error-banners";
import { Button } from "~/components/ui/button";
import { MAX_VISITOR_NAME_LENGTH, NAME_REFUSALS } from "~/lib/favourites";
import { favouritesFormPath } from "~/lib/paths";
import { useFavourites, type NameStep } from "./favourites-context";

/**
 * "Your name", asked once before the first favourite: a plain form that
 * marks the waiting heart and returns where it was clicked; with JavaScript
 * it is sent in place.
 */
export function NameForm({ step }: { step: NameStep }) {
  const favourites = useFavourites();
  const [sending, setSending] = useState(false);
  if (!favourites) return null;
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = new FormData(event.currentTarget).get("name");
    setSending(true);
    await favourites!.giveName(typeof name === "string" ? name : "", step);
    setSending(false);
  }
  return (
    <form
      method="post"
      action={favouritesFormPath(favourites.albumSlug)}
      className="card favourite-name"
      id="favourite-name"
      onSubmit={(event) => void submit(event)}
    >
      <ErrorBanners messages={[step.refused ? NAME_REFUSALS[step.refused] : null]} />
      <input type="hidden" name="imageId" value={step.imageId} />
      <input type="hidden" name="favourite" value="1" />
      <input type="hidden" name="redirectTo" value={step.back} />
      <div className="field">
        <label htmlFor="favourite-visitor-name">Your name</label>
        <input
          id="favourite-visitor-name"
          name="name"
          type="text"
          autoComplete="name"
          required
          maxLength={MAX_VISITOR_NAME_LENGTH}
          // The form appears because a heart was clicked: typing is the next step.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
        />
        <p className="field__hint">The photographer sees your favourites under this name.</p>
      </div>
      <Button type="submit" disabled={sending}>
        {sending ? "Saving..." : "Save and mark favourite"}
      </Button>
    </form>
  );
}
