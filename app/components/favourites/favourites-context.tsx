import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import type { NameRefusal } from "~/lib/favourites";
import type { PageSelection } from "~/lib/selection";
import { favouriteApiPath, favouritesFormPath, scriptActionHref } from "~/lib/paths";

/** The name step the server asked for (no JavaScript): the heart waiting, and where it returns. */
export interface NameStep {
  imageId: number;
  back: string;
  /** Why the name last sent was not taken. */
  refused: NameRefusal | null;
}

/** What the album page's loader gives a share link's visitor (favourite-form.server.ts). */
export interface PageFavourites {
  name: string | null;
  imageIds: number[];
  nameStep: NameStep | null;
  /** The link's number to choose, and whether the selection was sent (record 080). */
  selection: PageSelection;
  /** Why the visitor's last plain form was refused. */
  refusal: string | null;
}

interface FavouritesState {
  albumId: number;
  albumSlug: string;
  name: string | null;
  isFavourite: (imageId: number) => boolean;
  count: number;
  selection: PageSelection;
  /** Sent: hearts and comments are read-only until the owner reopens the selection. */
  locked: boolean;
  /** The heart waiting for a name: the server's name step, or one clicked here before a name was given. */
  asking: NameStep | null;
  message: string | null;
  /** Marks or unmarks at once, then tells the server; a refusal undoes it (a missing name opens the name form). */
  toggle: (imageId: number, on: boolean, back: string) => void;
  /** Sends the name form with the page's script; true once the name is kept and the waiting heart marked. */
  giveName: (name: string, step: NameStep) => Promise<boolean>;
}

const FavouritesContext = createContext<FavouritesState | null>(null);

/** The favourites of the share link's visitor on this album page; null elsewhere (no hearts are drawn). */
export function useFavourites(): FavouritesState | null {
  return useContext(FavouritesContext);
}

async function messageOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  return body?.message ?? "That did not work. Try again.";
}

interface Props {
  albumId: number;
  albumSlug: string;
  initial: PageFavourites;
  children: ReactNode;
}

/**
 * The visitor's favourites for every heart on the page (grid and viewer) and
 * the count: one state, changed optimistically; the server's answer (the
 * API, record 047) confirms or undoes each change.
 */
export function FavouritesProvider({ albumId, albumSlug, initial, children }: Props) {
  const [source, setSource] = useState(initial);
  const [ids, setIds] = useState(() => new Set(initial.imageIds));
  const [name, setName] = useState(initial.name);
  const [asking, setAsking] = useState<NameStep | null>(initial.nameStep);
  const [message, setMessage] = useState<string | null>(initial.refusal);
  if (source !== initial) {
    // New loader data (a plain form's redirect, another album): the server's word replaces the page's.
    setSource(initial);
    setIds(new Set(initial.imageIds));
    setName(initial.name);
    setAsking(initial.nameStep);
    setMessage(initial.refusal);
  }

  const mark = useCallback((imageId: number, on: boolean) => {
    setIds((current) => {
      const next = new Set(current);
      if (on) next.add(imageId);
      else next.delete(imageId);
      return next;
    });
  }, []);

  const toggle = useCallback(
    (imageId: number, on: boolean, back: string) => {
      setMessage(null);
      mark(imageId, on);
      void (async () => {
        let response: Response;
        try {
          response = await fetch(favouriteApiPath(albumId, imageId), { method: on ? "PUT" : "DELETE" });
        } catch {
          mark(imageId, !on);
          setMessage("No connection: the favourite was not saved.");
          return;
        }
        if (response.ok) return;
        mark(imageId, !on);
        const refusal = (await response.json().catch(() => null)) as { message?: string; needsName?: boolean } | null;
        if (response.status === 409 && refusal?.needsName) setAsking({ imageId, back, refused: null });
        // The link ended meanwhile: the page, loaded again, says so as its `/s/` address does.
        else if (response.status === 410 || response.status === 403) window.location.reload();
        else setMessage(refusal?.message ?? "That did not work. Try again.");
      })();
    },
    [albumId, mark],
  );

  const giveName = useCallback(
    async (given: string, step: NameStep) => {
      const body = new URLSearchParams({ imageId: String(step.imageId), favourite: "1", name: given });
      const response = await fetch(scriptActionHref(favouritesFormPath(albumSlug)), { method: "POST", body }).catch(
        () => null,
      );
      if (!response?.ok) {
        setMessage(response ? await messageOf(response) : "No connection: your name was not saved.");
        return false;
      }
      const answer = (await response.json()) as { name: string };
      setName(answer.name);
      setAsking(null);
      setMessage(null);
      mark(step.imageId, true);
      return true;
    },
    [albumSlug, mark],
  );

  const value = useMemo(
    (): FavouritesState => ({
      albumId,
      albumSlug,
      name,
      isFavourite: (imageId) => ids.has(imageId),
      count: ids.size,
      selection: initial.selection,
      locked: initial.selection.state === "sent",
      asking,
      message,
      toggle,
      giveName,
    }),
    [albumId, albumSlug, name, ids, initial.selection, asking, message, toggle, giveName],
  );
  return <FavouritesContext.Provider value={value}>{children}</FavouritesContext.Provider>;
}
