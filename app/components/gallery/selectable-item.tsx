import { useSearchParams } from "react-router";
import { SELECT_PARAM } from "~/lib/batch";
import type { GridItemProps } from "./gallery-grid";

/** The select bar's form (select-bar.tsx): each checkbox belongs to it wherever it sits in the grid. */
export const BATCH_FORM_ID = "batch-form";

/** A grid cell in select mode: the thumbnail, and a checkbox over its corner. */
export function SelectableItem({ image, style, children }: GridItemProps) {
  const [searchParams] = useSearchParams();
  return (
    <li className="gallery-item" style={style}>
      {children}
      <label className="tap-square gallery-select">
        <input
          type="checkbox"
          name="ids"
          value={image.id}
          form={BATCH_FORM_ID}
          defaultChecked={searchParams.get(SELECT_PARAM) === "all"}
        />
        <span className="visually-hidden">Select {image.name}</span>
      </label>
    </li>
  );
}
