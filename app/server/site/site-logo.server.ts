// Placeholder until the logo branch lands.
export async function logoForMarks(): Promise<{ key: string; png: Buffer; width: number; height: number } | null> {
  return null;
}
