import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Choice } from "~/components/ui/choice";
import { FieldError, invalidProps } from "~/components/ui/field-error";
import { MAX_NAME_LENGTH } from "~/lib/limits";
import { ChooseRuleFields } from "./choose-rule-fields";
import { CopyButton } from "./copy-button";
import { useEntryZone, type OwnerTimeZone } from "./time-zone";
import { WatermarkFields, watermarkValues, type TypedWatermark } from "./watermark-fields";

export interface TypedLink extends TypedWatermark {
  label: string;
  expiresDate: string;
  expiresTime: string;
  download: string;
  chooseCount: string;
  chooseMode: string;
  clientView: string;
}

/**
 * A new link's form: a label, and if the owner likes a password, an expiry
 * (on the owner's clock: the zone goes along, so the server reads the date as
 * the owner saw it), what may be downloaded, how many photos to choose,
 * whether its pages are a client view (record 087) and its watermark (record 088).
 */
export function NewShareLinkForm({
  typed,
  refused,
  timeZone,
}: {
  typed?: TypedLink;
  /** The refusal of the last post and the field it names (record 071): that input is marked, its message beside it. */
  refused?: { message: string; field: string | null };
  timeZone: OwnerTimeZone;
}) {
  const zone = useEntryZone(timeZone);
  const errorOf = (name: string) => (refused?.field === name ? refused.message : null);
  /** An input's refusal: marked, with the message after it. */
  const marked = (name: string, id: string) => ({
    props: invalidProps(errorOf(name), id),
    error: <FieldError id={id} message={errorOf(name)} />,
  });
  const label = marked("label", "link-label");
  const password = marked("password", "link-password");
  const expiresDate = marked("expiresDate", "link-expires-date");
  const expiresTime = marked("expiresTime", "link-expires-time");
  return (
    <Form method="post" className="share-form-new">
      <input type="hidden" name="intent" value="link-create" />
      <input type="hidden" name="timeZone" value={zone} />
      <div className="field">
        <label htmlFor="link-label">Who it is for</label>
        <input
          id="link-label"
          name="label"
          required
          maxLength={MAX_NAME_LENGTH}
          defaultValue={typed?.label}
          {...label.props}
        />
        {label.error}
      </div>
      <div className="field">
        <label htmlFor="link-password">Password (optional)</label>
        <input id="link-password" name="password" type="password" autoComplete="new-password" {...password.props} />
        {password.error}
      </div>
      <fieldset className="share-form-new__expiry">
        <legend>Expires (optional, {zone.replaceAll("_", " ")} time)</legend>
        <div className="field">
          <label htmlFor="link-expires-date">Date</label>
          <input
            id="link-expires-date"
            name="expiresDate"
            type="date"
            defaultValue={typed?.expiresDate}
            {...expiresDate.props}
          />
          {expiresDate.error}
        </div>
        <div className="field">
          <label htmlFor="link-expires-time">Time</label>
          <input
            id="link-expires-time"
            name="expiresTime"
            type="time"
            defaultValue={typed?.expiresTime}
            {...expiresTime.props}
          />
          {expiresTime.error}
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor="link-download">Downloads</label>
        <select id="link-download" name="download" defaultValue={typed?.download || "none"}>
          <option value="none">None</option>
          <option value="web">Web size (the largest variant)</option>
          <option value="original">Originals</option>
        </select>
      </div>
      <fieldset className="share-form-new__choose">
        <legend>Photos to choose (optional)</legend>
        <ChooseRuleFields
          idPrefix="link-choose"
          mode={typed?.chooseMode ?? ""}
          count={typed?.chooseCount ?? ""}
          errorOf={errorOf}
          hintId="link-choose-hint"
        />
        <p id="link-choose-hint" className="field__hint">
          Empty: the client marks as many as they like. They send their selection when they are done.
        </p>
      </fieldset>
      <Choice
        id="link-client-view"
        type="checkbox"
        name="clientView"
        defaultChecked={typed?.clientView === "on"}
        aria-describedby="link-client-view-hint"
      >
        Client view
      </Choice>
      <p id="link-client-view-hint" className="field__hint">
        The album without the portfolio around it: your name at the top, no menu, no links to the rest of the site.
      </p>
      <fieldset className="share-form-new__watermark">
        <legend>Watermark (optional)</legend>
        <WatermarkFields idPrefix="link-watermark" values={typed ?? watermarkValues(null)} errorOf={errorOf} />
      </fieldset>
      <Button type="submit">Create link</Button>
    </Form>
  );
}

/** A link's address as text to select, with Copy where JavaScript runs. */
export function LinkAddress({ label, url, name }: { label: string; url: string; name: string }) {
  return (
    <div className="link-address">
      {/* A text area, not an input: the whole address wraps into view on a phone, where there is no Copy button
          without JavaScript. */}
      <textarea
        className="link-address__text"
        readOnly
        rows={2}
        value={url}
        aria-label={name}
        onFocus={(event) => event.currentTarget.select()}
      />
      <CopyButton text={url} name={`Copy the link for ${label}`} />
    </div>
  );
}

/** The link just made, with its address to copy now; the list below keeps it while the link is live. */
export function CreatedLink({ label, url }: { label: string; url: string }) {
  return (
    <div className="banner banner--success share-created" role="status">
      <p>
        The link for <strong>{label}</strong> is ready. Copy it and send it; it stays in the list below while it is
        live.
      </p>
      <LinkAddress label={label} url={url} name={`The link for ${label}`} />
    </div>
  );
}
