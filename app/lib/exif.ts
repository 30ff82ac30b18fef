/** Camera details as the API gives them (`exif` in the image JSON); any field may be unknown. */
export interface Exif {
  /** "FUJIFILM X-T5": the make, unless the model already starts with it. */
  camera: string | null;
  lens: string | null;
  /** Millimetres. */
  focalLength: number | null;
  /** The f-number: 2.8 for ƒ/2.8. */
  aperture: number | null;
  /** "1/250" below a second, "2" or "2.5" from a second up. */
  exposureTime: string | null;
  iso: number | null;
}

/** The make is left out when the model names it already ("Canon" + "Canon EOS R5"), as cameras often write both. */
export function cameraName(make: string | null, model: string | null): string | null {
  const cleanMake = make?.trim() || null;
  const cleanModel = model?.trim() || null;
  if (!cleanModel) return cleanMake;
  if (!cleanMake || cleanModel.toLowerCase().startsWith(cleanMake.toLowerCase())) return cleanModel;
  return `${cleanMake} ${cleanModel}`;
}

/** Shutter speeds as photographers write them: 1/250 below a second, seconds (2, 2.5) from one second up. */
export function formatExposureTime(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds <= 0) return null;
  if (seconds >= 1) return String(Math.round(seconds * 10) / 10);
  return `1/${Math.round(1 / seconds)}`;
}

/** Round to what the camera would print: 2.8, 23, 4.5. */
export function roundTo(value: number | null, digits: number): number | null {
  if (value === null || !Number.isFinite(value) || value <= 0) return null;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** The viewer's camera line, known parts only: "FUJIFILM X-T5", "XF23mmF1.4 R LM WR", "23 mm", "ƒ/2.8", "1/250 s", "ISO 200". */
export function exifParts(exif: Exif | null): string[] {
  if (!exif) return [];
  const parts = [
    exif.camera,
    exif.lens,
    exif.focalLength === null ? null : `${exif.focalLength} mm`,
    exif.aperture === null ? null : `ƒ/${exif.aperture}`,
    exif.exposureTime === null ? null : `${exif.exposureTime} s`,
    exif.iso === null ? null : `ISO ${exif.iso}`,
  ].filter((part): part is string => part !== null);
  return parts;
}

/** "Taken: June 15, 2024", the date as the camera's clock read it (the ISO string's own date, whatever its offset). */
export function takenDate(takenAt: string): string {
  return new Date(`${takenAt.slice(0, 10)}T00:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}
