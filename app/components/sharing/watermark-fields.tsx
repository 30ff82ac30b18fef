import { FieldError, invalidProps } from "~/components/ui/field-error";
import {
  MAX_WATERMARK_TEXT,
  POSITION_LABELS,
  WATERMARK_OPACITY,
  WATERMARK_POSITIONS,
  WATERMARK_SIZE,
  type Watermark,
} from "~/lib/watermark";

/** What a watermark form sent, as typed (a refused post shows it again). */
export interface TypedWatermark {
  watermark: string;
  watermarkText: string;
  watermarkPosition: string;
  watermarkSize: string;
  watermarkOpacity: string;
}

/** The form's values for a link's mark, or the new link's defaults. */
export function watermarkValues(watermark: Watermark | null | undefined): TypedWatermark {
  return {
    watermark: watermark?.kind ?? "off",
    watermarkText: watermark?.text ?? "",
    watermarkPosition: watermark?.position ?? "centre",
    watermarkSize: String(watermark?.size ?? WATERMARK_SIZE.initial),
    watermarkOpacity: String(watermark?.opacity ?? WATERMARK_OPACITY.initial),
  };
}

/**
 * A link's watermark (record 088): none, a text or the logo; where, how wide and how opaque. The new link's form and
 * each link's own use it; an input the last post refused is marked, its message beside it.
 */
export function WatermarkFields({
  idPrefix,
  values,
  errorOf,
}: {
  idPrefix: string;
  values: TypedWatermark;
  errorOf: (name: string) => string | null;
}) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const hintId = id("hint");
  const field = (name: keyof TypedWatermark, label: string, control: React.ReactNode) => (
    <div className="field">
      <label htmlFor={id(name)}>{label}</label>
      {control}
      <FieldError id={id(name)} message={errorOf(name)} />
    </div>
  );
  const marked = (name: keyof TypedWatermark, extra?: string) => invalidProps(errorOf(name), id(name), extra);
  const percent = (name: keyof TypedWatermark, label: string, range: { min: number; max: number }) =>
    field(
      name,
      label,
      <input
        id={id(name)}
        name={name}
        type="number"
        inputMode="numeric"
        min={range.min}
        max={range.max}
        defaultValue={values[name]}
        {...marked(name)}
      />,
    );
  return (
    <>
      {field(
        "watermark",
        "Mark",
        <select id={id("watermark")} name="watermark" defaultValue={values.watermark} {...marked("watermark", hintId)}>
          <option value="off">None</option>
          <option value="text">Text</option>
          <option value="logo">Logo (from the Site page)</option>
        </select>,
      )}
      {field(
        "watermarkText",
        "Text",
        <input
          id={id("watermarkText")}
          name="watermarkText"
          maxLength={MAX_WATERMARK_TEXT}
          placeholder="© Your name"
          defaultValue={values.watermarkText}
          {...marked("watermarkText")}
        />,
      )}
      {field(
        "watermarkPosition",
        "Position",
        <select
          id={id("watermarkPosition")}
          name="watermarkPosition"
          defaultValue={values.watermarkPosition}
          {...marked("watermarkPosition")}
        >
          {WATERMARK_POSITIONS.map((position) => (
            <option key={position} value={position}>
              {POSITION_LABELS[position]}
            </option>
          ))}
        </select>,
      )}
      {percent("watermarkSize", "Width (%)", WATERMARK_SIZE)}
      {percent("watermarkOpacity", "Opacity (%)", WATERMARK_OPACITY)}
      <p id={hintId} className="field__hint">
        Width is a share of the photo&apos;s width. The mark is drawn on every photo the link shows and on its web-size
        downloads; originals download without it. Your own pages and the public ones never show it.
      </p>
    </>
  );
}
