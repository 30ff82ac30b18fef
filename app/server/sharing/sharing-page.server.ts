/**
 * The owner's album admin page (`/photography/admin/albums/<slug>`): the
 * album's visibility (with, for an unlisted or private one, how many of its
 * photos are public elsewhere and "Hide them"), its share links (each live
 * one with its address to copy), the owner's time zone for their expiry, and
 * their visitors' favourites, selections and comments (read only, but for
 * Reopen, record 080); the forms are plain forms through
 * `pageAction`. A new link's URL reaches the notice above the list through the
 * redirect, in a short-lived cookie (new-link-notice).
 */
import { data, redirect } from "react-router";
import { requireAdminPage } from "~/server/auth/auth.server";
import { OWNER } from "~/server/access/access.server";
import { albumBySlug, toAlbum, updateAlbum } from "~/server/albums/albums.server";
import { parseAlbumInput } from "~/server/albums/album-input.server";
import { HttpError } from "~/server/core/http-error.server";
import { pageError } from "~/server/http/http.server";
import { formText, pageAction } from "~/server/http/page-action.server";
import { siteOrigin } from "~/server/http/site-origin.server";
import { adminAlbumPath, OPEN_VISITOR_PARAM } from "~/lib/paths";
import {
  parseChooseForm,
  parseClientViewForm,
  parseLinkId,
  parseShareLinkForm,
  parseVisitorId,
  parseWatermarkForm,
  type ShareLinkInput,
} from "./share-input.server";
import { reopenSelection } from "./selection.server";
import { proofPreviews } from "~/server/proofs/proof-preview.server";
import { rememberNewLink, takeNewLink } from "./new-link-notice.server";
import { createShareLink, listShareLinks, revokeShareLink, updateShareLink } from "./share-links.server";
import { favouritesShown } from "./favourites-owner.server";
import { ownerTimeZone, parseTimeZone, timeZoneChoices, timeZoneSetting } from "./share-time-zone.server";
import { hidePublicMembers, publicMemberCount } from "~/server/albums/album-privacy.server";
import { rememberHidden, takeHidden } from "./hidden-photos-notice.server";

const INTENTS =
  "intent must be album-visibility, hide-public, time-zone, link-create, link-choose, link-client-view, link-watermark, link-revoke or selection-reopen";

/** A listed link's own forms, each changing one thing of the link. */
const LINK_FORMS: Record<string, (form: FormData) => ShareLinkInput> = {
  "link-choose": parseChooseForm,
  "link-client-view": parseClientViewForm,
  "link-watermark": (form) => ({ watermark: parseWatermarkForm(form) }),
};

function ownersAlbum(slug: string) {
  try {
    return albumBySlug(slug, OWNER);
  } catch (error) {
    throw pageError(error);
  }
}

/** The visitor whose "Show all" brought the owner here (`?visitor=`): the page draws all their favourites and comments. */
function openVisitor(request: Request): number | null {
  const raw = new URL(request.url).searchParams.get(OPEN_VISITOR_PARAM);
  if (raw === null) return null;
  try {
    return parseVisitorId(raw);
  } catch (error) {
    throw pageError(error);
  }
}

export async function sharingPageLoader(request: Request, slug: string) {
  await requireAdminPage(request);
  const album = ownersAlbum(slug);
  const { notice, clear } = await takeNewLink(request, album.id);
  const hidden = await takeHidden(request, album.id);
  const links = listShareLinks(album.id, siteOrigin(request));
  const page = {
    album: toAlbum(album, OWNER),
    /** An unlisted or private album's photos that are public, and so in the gallery, the feeds and the API's lists. */
    publicElsewhere: album.visibility === "public" ? 0 : publicMemberCount(album.id),
    /** How many the last "Hide them" hid, shown once. */
    hidden: hidden.count,
    links,
    /** What each marked link's client sees of the cover (record 088). */
    previews: proofPreviews(album, links),
    timeZone: { ...ownerTimeZone(), zones: timeZoneChoices() },
    created: notice,
    favourites: favouritesShown(album.id, openVisitor(request)),
  };
  const headers = new Headers();
  for (const cookie of [clear, hidden.clear]) if (cookie) headers.append("Set-Cookie", cookie);
  return data(page, { headers });
}

/** A refusal shown beside the form that caused it, with what was typed (never the password). */
function refusal(error: HttpError, form: FormData | undefined) {
  const typed = (name: string) => formText(form, name) ?? "";
  const values = {
    label: typed("label"),
    expiresDate: typed("expiresDate"),
    expiresTime: typed("expiresTime"),
    download: typed("download"),
    chooseCount: typed("chooseCount"),
    chooseMode: typed("chooseMode"),
    clientView: typed("clientView"),
    watermark: typed("watermark"),
    watermarkText: typed("watermarkText"),
    watermarkPosition: typed("watermarkPosition"),
    watermarkSize: typed("watermarkSize"),
    watermarkOpacity: typed("watermarkOpacity"),
    linkId: typed("linkId"),
  };
  return { refused: { intent: formText(form, "intent"), message: error.message, field: error.field, typed: values } };
}

export const sharingPageAction = pageAction(
  { guard: requireAdminPage, refusal },
  async (form: FormData, { request, params }: { request: Request; params: { slug: string } }) => {
    const album = ownersAlbum(params.slug);
    switch (formText(form, "intent")) {
      case "album-visibility":
        updateAlbum(album.id, parseAlbumInput({ visibility: formText(form, "visibility") }, { create: false }));
        return redirect(adminAlbumPath(album.slug), 303);
      case "hide-public": {
        if (album.visibility === "public") throw new HttpError(400, "A public album's photos stay public.");
        // The album's public photos as they are now: the count shown may be a moment older.
        const count = hidePublicMembers(album.id);
        const setCookie = await rememberHidden(request, { albumId: album.id, count });
        return redirect(adminAlbumPath(album.slug), { status: 303, headers: { "Set-Cookie": setCookie } });
      }
      case "time-zone":
        timeZoneSetting.write(parseTimeZone(formText(form, "timeZone")));
        return redirect(adminAlbumPath(album.slug), 303);
      case "link-create": {
        // The zone the form showed (the browser's before the owner chose one), else the owner's.
        const sent = formText(form, "timeZone");
        const zone = sent === undefined ? ownerTimeZone().zone : parseTimeZone(sent);
        const link = await createShareLink(album.id, parseShareLinkForm(form, zone), siteOrigin(request));
        const setCookie = await rememberNewLink(request, { albumId: album.id, label: link.label, url: link.url });
        return redirect(adminAlbumPath(album.slug), { status: 303, headers: { "Set-Cookie": setCookie } });
      }
      case "link-choose":
      case "link-client-view":
      case "link-watermark": {
        // A listed link's own forms: how many its clients choose, its client view, its watermark.
        const changes = LINK_FORMS[formText(form, "intent")!]!(form);
        await updateShareLink(album.id, parseLinkId(formText(form, "linkId")), changes, siteOrigin(request));
        return redirect(adminAlbumPath(album.slug), 303);
      }
      case "link-revoke":
        await revokeShareLink(album.id, parseLinkId(formText(form, "linkId")));
        return redirect(adminAlbumPath(album.slug), 303);
      case "selection-reopen":
        reopenSelection(album.id, parseVisitorId(formText(form, "visitorId")));
        return redirect(`${adminAlbumPath(album.slug)}#favourites-title`, 303);
    }
    throw new HttpError(400, INTENTS);
  },
);
