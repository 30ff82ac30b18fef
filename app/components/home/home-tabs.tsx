import { useRef, type KeyboardEvent } from "react";
import { Link, useNavigate } from "react-router";
import { HOME_TABS, homeHref, homeTabOrder, type HomeTab } from "~/lib/home";

export const tabId = (tab: HomeTab) => `tab-${tab}`;
/** The panels' ids double as anchors: the projects section is `#projects`. */
export const panelId = (tab: HomeTab) => tab;

interface Props {
  selected: HomeTab | null;
  jokePressed: boolean;
  /** The owner's first tab, shown at the plain home URL. */
  first: HomeTab;
}

/**
 * Tabs are links, so they work without JavaScript and the choice lives in the URL;
 * with JavaScript the router switches them client-side and arrow keys move between them.
 */
export function HomeTabs({ selected, jokePressed, first }: Props) {
  const navigate = useNavigate();
  const order = homeTabOrder(first);
  const tabRefs = useRef(new Map<HomeTab, HTMLAnchorElement>());

  function onKeyDown(event: KeyboardEvent, tab: HomeTab) {
    const index = order.indexOf(tab);
    const offsets: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 };
    let target: HomeTab | undefined;
    if (event.key in offsets) target = order[(index + offsets[event.key]! + order.length) % order.length];
    else if (event.key === "Home") target = order[0];
    else if (event.key === "End") target = order.at(-1);
    if (!target) return;
    event.preventDefault();
    tabRefs.current.get(target)?.focus();
    void navigate(homeHref(target, jokePressed, first), { preventScrollReset: true });
  }

  return (
    <div className="tabs" role="tablist" aria-label="Sections">
      {order.map((tab) => {
        const isSelected = tab === selected;
        return (
          <Link
            key={tab}
            ref={(element) => {
              if (element) tabRefs.current.set(tab, element);
              else tabRefs.current.delete(tab);
            }}
            id={tabId(tab)}
            role="tab"
            aria-selected={isSelected}
            aria-controls={isSelected ? panelId(tab) : undefined}
            className="tabs__tab"
            to={homeHref(tab, jokePressed, first)}
            preventScrollReset
            onKeyDown={(event) => onKeyDown(event, tab)}
          >
            {HOME_TABS[tab]}
          </Link>
        );
      })}
    </div>
  );
}
