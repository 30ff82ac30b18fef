const UNITS = ["B", "KB", "MB", "GB"] as const;

/** 1536 → "1.5 KB": base 1024, up to two decimals, B to GB. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number(value.toFixed(2))} ${UNITS[unit]}`;
}

/** The dashboard's read-only size field: kilobytes with exactly two decimals. */
export function formatKilobytes(bytes: number): string {
  return (bytes / 1024).toFixed(2);
}

/** "November 22, 2026", the same on the server and in every browser. */
export function formatLongDate(iso: string | Date): string {
  return new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}
