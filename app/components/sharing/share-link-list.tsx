import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import type { ShareLink } from "~/lib/share-link";
import { formatInZone } from "~/lib/time-zone";
import { ruleShortText } from "~/lib/selection";
import { describeWatermark, type WatermarkPreview } from "~/lib/watermark";
import { LinkChooseForm, type ChooseRefusal } from "./link-choose-form";
import { LinkWatermarkForm, type WatermarkRefusal } from "./link-watermark-form";
import { LinkAddress } from "./new-share-link";

const DOWNLOADS: Record<ShareLink["download"], string> = {
  none: "No downloads",
  web: "Web size",
  original: "Originals",
};

const STATES: Record<ShareLink["state"], string> = { live: "Live", expired: "Expired", revoked: "Revoked" };

/**
 * The album's links: who each is for, its rules, its use, how many to choose, client view on or off, its watermark,
 * and Revoke (plain forms).
 */
export function ShareLinkList({
  links,
  zone,
  refused,
  refusedWatermark,
  previews,
}: {
  links: ShareLink[];
  /** Each marked link's cover as its client sees it. */
  previews: Record<number, WatermarkPreview>;
  zone: string;
  /** The last refused post of a link's choose form. */
  refused?: ChooseRefusal;
  /** The last refused post of a link's watermark form. */
  refusedWatermark?: WatermarkRefusal;
}) {
  const formatDateTime = (iso: string) => formatInZone(iso, zone);
  if (links.length === 0) return <p className="share-links__empty">No share links yet.</p>;
  return (
    <ul className="share-links">
      {links.map((link) => (
        <li key={link.id} className={`share-link share-link--${link.state}`}>
          <div className="share-link__head">
            <strong className="share-link__label">{link.label}</strong>
            <span className={`share-link__state share-link__state--${link.state}`}>{STATES[link.state]}</span>
          </div>
          <dl className="share-link__facts">
            <div>
              <dt>Created</dt>
              <dd>{formatDateTime(link.createdAt)}</dd>
            </div>
            <div>
              <dt>Last used</dt>
              <dd>{link.lastUsedAt ? formatDateTime(link.lastUsedAt) : "Never"}</dd>
            </div>
            <div>
              <dt>Views</dt>
              <dd>{link.viewCount}</dd>
            </div>
            <div>
              <dt>Expires</dt>
              <dd>{link.expiresAt ? formatDateTime(link.expiresAt) : "Never"}</dd>
            </div>
            <div>
              <dt>Password</dt>
              <dd>{link.hasPassword ? "Yes" : "No"}</dd>
            </div>
            <div>
              <dt>Downloads</dt>
              <dd>{DOWNLOADS[link.download]}</dd>
            </div>
            <div>
              <dt>Client view</dt>
              <dd>{link.clientView ? "Yes" : "No"}</dd>
            </div>
            {/* A link still in use shows its number and its mark in their own forms below. */}
            {link.state === "revoked" ? (
              <>
                <div>
                  <dt>To choose</dt>
                  <dd>{link.choose ? ruleShortText(link.choose) : "Any number"}</dd>
                </div>
                <div>
                  <dt>Watermark</dt>
                  <dd>{describeWatermark(link.watermark)}</dd>
                </div>
              </>
            ) : null}
          </dl>
          {link.url ? (
            <LinkAddress label={link.label} url={link.url} name={`Address of the link for ${link.label}`} />
          ) : link.state === "live" ? (
            <p className="share-link__no-address">
              Made before addresses were kept: it cannot be shown again. It still works; if its client lost it, make a
              new link.
            </p>
          ) : null}
          {link.state === "revoked" ? null : <LinkChooseForm link={link} refused={refused} />}
          {link.state === "revoked" ? null : (
            <LinkWatermarkForm link={link} refused={refusedWatermark} preview={previews[link.id]} />
          )}
          {link.state === "revoked" ? null : (
            <Form method="post" className="share-link__client-view">
              <input type="hidden" name="intent" value="link-client-view" />
              <input type="hidden" name="linkId" value={link.id} />
              <input type="hidden" name="clientView" value={link.clientView ? "off" : "on"} />
              <Button
                type="submit"
                variant="secondary"
                aria-label={`Turn client view ${link.clientView ? "off" : "on"} for the link for ${link.label}`}
              >
                {link.clientView ? "Turn client view off" : "Turn client view on"}
              </Button>
            </Form>
          )}
          {link.state === "revoked" ? null : (
            <Form method="post" className="share-link__revoke">
              <input type="hidden" name="intent" value="link-revoke" />
              <input type="hidden" name="linkId" value={link.id} />
              <Button type="submit" variant="danger" aria-label={`Revoke the link for ${link.label}`}>
                Revoke
              </Button>
            </Form>
          )}
        </li>
      ))}
    </ul>
  );
}
